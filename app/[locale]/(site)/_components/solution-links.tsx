import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { SOLUTION_SLUGS, type SolutionSlug } from "@/lib/content/solutions";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

/** Links to every solution page (minus the current one), used on solution pages and their 404. */
export async function SolutionLinks({
  locale,
  except,
  labelledBy,
}: {
  locale: Locale;
  except?: SolutionSlug;
  labelledBy: string;
}) {
  const t = await getTranslations({ locale, namespace: "Solutions.items" });
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {SOLUTION_SLUGS.filter((slug) => slug !== except).map((slug) => (
        <li key={slug}>
          <IntentLink
            href={localizedPath(`/solutions/${slug}`, locale)}
            className="block h-full rounded-xl border border-border bg-background p-4 transition-colors hover:border-accent"
          >
            <span className="font-semibold">{t(`${slug}.title`)}</span>
            <span className="mt-1 block text-sm text-muted">{t(`${slug}.summary`)}</span>
          </IntentLink>
        </li>
      ))}
    </ul>
  );
}
