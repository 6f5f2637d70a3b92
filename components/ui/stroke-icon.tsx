import type { ReactNode } from "react";

/** A decorative line icon on a 24-unit grid, drawn in the text colour; `children` are its paths. */
export function StrokeIcon({
  className,
  strokeWidth = 2,
  children,
}: {
  className: string;
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
