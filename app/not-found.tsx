import { NotFoundContent } from "@/components/site/not-found-content";
import { SiteChrome } from "@/components/site/site-chrome";
import { SiteDocument } from "@/components/site/site-document";
import { routing } from "@/lib/i18n/routing";

// Paths outside the localised site (no valid locale segment) fall back to the Spanish 404.
export default function RootNotFound() {
  return (
    <SiteDocument locale={routing.defaultLocale}>
      <SiteChrome locale={routing.defaultLocale}>
        <NotFoundContent locale={routing.defaultLocale} />
      </SiteChrome>
    </SiteDocument>
  );
}
