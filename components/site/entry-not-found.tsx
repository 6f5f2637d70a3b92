import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { careersPath } from "@/lib/careers/jobs";
import { routing, type Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

/** Each language's copy shows only under its own <html lang> (the other is display: none, so unheard too). */
const SHOWN_IN: Record<Locale, string> = {
  es: "[html:not([lang=es])_&]:hidden",
  en: "[html:not([lang=en])_&]:hidden",
};

/**
 * The 404 of a route whose entries are records (an article, a job) and so render on demand. Its
 * not-found.tsx sits beside the page, so its tree travels with every page of that route: it stays small,
 * and it holds both languages rather than asking for the request's locale, which would read the request
 * headers and turn every page of the route from prerendered into rendered per request. The full branded
 * 404 with its lists is app/global-not-found.tsx.
 */
export async function EntryNotFound({ back }: { back: "blog" | "careers" }) {
  return (
    <>
      {routing.locales.map((locale) => (
        <EntryNotFoundIn key={locale} locale={locale} back={back} />
      ))}
    </>
  );
}

async function EntryNotFoundIn({ locale, back }: { locale: Locale; back: "blog" | "careers" }) {
  const t = await getTranslations({ locale, namespace: "NotFound" });
  const tBack = await getTranslations({ locale });
  const backHref = localizedPath(back === "blog" ? "/blog" : careersPath(), locale);
  const backLabel = back === "blog" ? tBack("Blog.backToBlog") : tBack("Careers.closed.link");
  return (
    <section
      lang={locale}
      className={`mx-auto flex w-full max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6 sm:py-28 ${SHOWN_IN[locale]}`}
    >
      <p className="font-mono text-sm font-semibold tracking-widest text-accent-text uppercase">
        {t("code")}
      </p>
      <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
        {t("title")}
      </h1>
      <p className="text-lg text-muted">{t("body")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <IntentLink
          href={backHref}
          prefetch={false}
          className="rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent transition hover:brightness-110"
        >
          {backLabel}
        </IntentLink>
        <IntentLink
          href={localizedPath("/", locale)}
          className="py-1 text-sm font-medium text-highlight underline-offset-4 hover:underline"
        >
          {t("home")}
        </IntentLink>
      </div>
    </section>
  );
}
