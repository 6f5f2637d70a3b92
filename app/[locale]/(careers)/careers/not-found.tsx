import { hasLocale } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { EntryNotFound } from "@/components/site/entry-not-found";
import { careersPath } from "@/lib/careers/jobs";
import { routing, type Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

// An unknown or draft job, or one not written in this language: job pages render on demand (jobs are
// records), so their notFound() needs a boundary here. The careers pages bring their own frame.
export default async function JobNotFound() {
  const requested = await getLocale();
  const locale: Locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: "Careers" });
  return (
    <StandaloneFrame locale={locale}>
      <EntryNotFound
        locale={locale}
        backHref={localizedPath(careersPath(), locale)}
        backLabel={t("closed.link")}
      />
    </StandaloneFrame>
  );
}
