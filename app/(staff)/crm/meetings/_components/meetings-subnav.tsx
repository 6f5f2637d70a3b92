import { IntentLink } from "@/components/ui/intent-link";
import { getTranslations } from "next-intl/server";
import { getStaffLocale } from "@/lib/staff/staff-locale";

const PAGES = [
  { key: "mine", href: "/crm/meetings" },
  { key: "availability", href: "/crm/meetings/availability" },
  { key: "types", href: "/crm/meetings/types" },
] as const;

/** The meetings section's own pages; meeting types only for managers and owners (the page checks too). */
export async function MeetingsSubnav({
  current,
  mayManageTypes,
}: {
  current: (typeof PAGES)[number]["key"];
  mayManageTypes: boolean;
}) {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  return (
    <nav aria-label={t("sectionNav")}>
      <ul className="flex flex-wrap gap-2">
        {PAGES.filter((page) => page.key !== "types" || mayManageTypes).map((page) => (
          <li key={page.key}>
            <IntentLink
              href={page.href}
              aria-current={page.key === current ? "page" : undefined}
              className="inline-flex min-h-9 items-center rounded-full border border-border px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-accent aria-[current=page]:bg-accent aria-[current=page]:text-on-accent"
            >
              {t(`pages.${page.key}`)}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
