/** The brand mark: an upward chevron in brand orange over a cyan baseline, with the product name beside it. */
export function Logo({ name, nameClassName }: { name: string; nameClassName?: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-display text-lg font-semibold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-ink-900 dark:fill-mist-100" />
        <path
          d="M8 20 16 10l8 10"
          fill="none"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-orange-500"
        />
        <path d="M9 24h14" strokeWidth="2.4" strokeLinecap="round" className="stroke-cyan-500" />
      </svg>
      <span className={nameClassName}>{name}</span>
    </span>
  );
}
