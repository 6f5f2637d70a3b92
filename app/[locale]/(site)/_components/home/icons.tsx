import type { ReactNode } from "react";
import type { INDUSTRIES } from "@/lib/content/home";

function Icon({
  children,
  className = "size-5 text-highlight",
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const INDUSTRY_PATHS: Record<(typeof INDUSTRIES)[number], ReactNode> = {
  finance: <path d="M4 20h16M6 16V10M10 16V10M14 16V10M18 16V10M3 9l9-5 9 5" />,
  healthcare: (
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10zM9 11h6M12 8v6" />
  ),
  manufacturing: <path d="M3 20V10l5 3V10l5 3V6h4l1 14zM7 17h2M12 17h2" />,
  retail: <path d="M5 8h14l-1 12H6zM9 8a3 3 0 0 1 6 0" />,
  logistics: <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1" />,
  technology: <path d="M8 8h8v8H8zM10 3v3M14 3v3M10 18v3M14 18v3M3 10h3M3 14h3M18 10h3M18 14h3" />,
};

export function IndustryIcon({ name }: { name: (typeof INDUSTRIES)[number] }) {
  return <Icon>{INDUSTRY_PATHS[name]}</Icon>;
}

export function CheckIcon() {
  return (
    <Icon className="mt-0.5 size-4 text-accent-text">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function ArrowIcon() {
  return (
    <Icon className="size-4">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}
