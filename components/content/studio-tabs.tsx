import { IntentLink } from "@/components/ui/intent-link";

/** Articles and jobs, the studio's two lists: links, the current one marked. */
export function StudioTabs({
  current,
  label,
  articles,
  jobs,
}: {
  current: "articles" | "jobs";
  label: string;
  articles: string;
  jobs: string;
}) {
  const tabs = [
    { key: "articles", href: "/crm/content", text: articles },
    { key: "jobs", href: "/crm/content/jobs", text: jobs },
  ] as const;
  return (
    <nav aria-label={label}>
      <ul className="flex gap-1 border-b border-border">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <IntentLink
              href={tab.href}
              aria-current={tab.key === current ? "page" : undefined}
              className="-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-4 font-medium text-muted hover:text-foreground aria-[current=page]:border-accent aria-[current=page]:text-foreground"
            >
              {tab.text}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
