import { getTranslations } from "next-intl/server";
import NextLink from "next/link";
import { getPathname } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";

export async function NotFoundContent({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "NotFound" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-6 px-4 py-24 sm:px-6 sm:py-32">
      <title>{tMeta("notFoundTitle", { brand: site.name })}</title>
      <p className="font-mono text-sm font-semibold tracking-widest text-accent-text uppercase">{t("code")}</p>
      <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{t("title")}</h1>
      <p className="text-lg text-muted">{t("body")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <NextLink href={getPathname({ href: "/", locale })} className="rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent transition hover:brightness-110">
          {t("home")}
        </NextLink>
        <a href={`mailto:${site.contactEmail}`} className="text-sm font-medium text-highlight underline-offset-4 hover:underline">
          {t("contact", { email: site.contactEmail })}
        </a>
      </div>
    </section>
  );
}
