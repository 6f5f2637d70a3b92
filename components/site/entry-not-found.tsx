import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

/**
 * The 404 of a route whose entries are records (an article, a job) and so render on demand: its
 * not-found.tsx sits beside the page and its tree travels with every page of that route, so it stays
 * this small (the full branded 404 with its lists is app/global-not-found.tsx).
 */
export async function EntryNotFound({
  locale,
  backHref,
  backLabel,
}: {
  locale: Locale;
  backHref: string;
  backLabel: string;
}) {
  const t = await getTranslations({ locale, namespace: "NotFound" });
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6 sm:py-28">
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
