import { IntentLink } from "@/components/ui/intent-link";
import { routing, type Locale } from "@/lib/i18n/routing";

interface LocalePairLinksProps {
  currentLocale: Locale;
  hrefs: Record<Locale, string>;
  label: string;
  options: Record<Locale, { short: string; name: string }>;
}

/**
 * The EN/ES pair with addresses chosen by the server, for pages whose address carries state
 * (a query string) that the client-side switcher would drop. Same look as LanguageSwitcher.
 */
export function LocalePairLinks({ currentLocale, hrefs, label, options }: LocalePairLinksProps) {
  return (
    <nav
      aria-label={label}
      className="flex items-center rounded-full border border-border p-0.5 text-xs font-semibold"
    >
      {routing.locales.map((locale) => {
        const isCurrent = locale === currentLocale;
        return (
          <IntentLink
            key={locale}
            href={hrefs[locale]}
            hrefLang={locale}
            lang={locale}
            aria-current={isCurrent ? "true" : undefined}
            className={`rounded-full px-2.5 py-1.5 transition-colors ${isCurrent ? "bg-foreground text-background" : "text-muted hover:text-foreground"}`}
          >
            {options[locale].short}
            {/* The full name in the link text (not aria-label), so the spoken name starts with what is shown. */}
            <span className="sr-only"> {options[locale].name}</span>
          </IntentLink>
        );
      })}
    </nav>
  );
}
