import { IntentLink } from "@/components/ui/intent-link";

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page, which is the last item. */
  href?: string;
}

/** WAI-ARIA breadcrumb: a labelled nav with an ordered list; the last item is the current page. */
export function Breadcrumb({
  label,
  items,
  className = "",
}: {
  label: string;
  items: BreadcrumbItem[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex items-center gap-2">
              {item.href && !isLast ? (
                <IntentLink
                  href={item.href}
                  className="inline-flex min-h-6 items-center rounded-sm underline-offset-4 hover:text-foreground hover:underline"
                >
                  {item.label}
                </IntentLink>
              ) : (
                <span aria-current="page" className="font-medium text-foreground">
                  {item.label}
                </span>
              )}
              {!isLast && (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 16 16"
                  className="size-3.5 shrink-0"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m6 3 5 5-5 5" />
                </svg>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** schema.org BreadcrumbList for the same trail, with absolute URLs. */
export function breadcrumbJsonLd(items: BreadcrumbItem[], currentUrl: string, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      item: new URL(item.href ?? currentUrl, siteUrl).toString(),
    })),
  };
}
