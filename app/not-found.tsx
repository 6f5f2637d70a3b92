import { NotFoundContent } from "@/components/site/not-found-content";
import { SiteDocument } from "@/components/site/site-document";
import { setRequestLocale } from "next-intl/server";
import { routing } from "@/lib/i18n/routing";

// Paths outside the localised site (no valid locale segment) fall back to the Spanish 404.
export default function RootNotFound() {
  // Fixing the locale keeps next-intl from reading request headers, so this page stays static.
  setRequestLocale(routing.defaultLocale);
  return (
    <SiteDocument locale={routing.defaultLocale}>
      <NotFoundContent locale={routing.defaultLocale} />
    </SiteDocument>
  );
}
