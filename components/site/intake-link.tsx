import type { ReactNode } from "react";
import type { IntakeLink as IntakeTarget } from "@/lib/leads/intake-links";

/**
 * A call to action into a lead intake. Our own questionnaire lives under another root layout, so it is
 * a plain link (a full load either way); a configured external form opens in a new tab and says so.
 */
export function IntakeLink({
  target,
  newTabText,
  className,
  children,
}: {
  target: IntakeTarget;
  /** "(opens in a new tab)" in the page's language, read only by screen readers. */
  newTabText: string;
  className?: string;
  children: ReactNode;
}) {
  if (!target.isExternal) {
    return (
      <a href={target.href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <a href={target.href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {newTabText}</span>
    </a>
  );
}
