import type { ReactNode } from "react";

export const OPTIN_STATS = ["revenue", "hours", "cac", "jobs"] as const;

/** The landing's own text in one language, formatted on the server (the ICU formatter stays off the first load). */
export interface OptinLandingText {
  title: string;
  homeLink: string;
  languageLabel: string;
  hero: { title: string; lead: string; cta: string };
  formTitle: string;
  impact: {
    title: string;
    note: string;
    stats: Record<(typeof OPTIN_STATS)[number], { label: string; value: string }>;
  };
  globe: { label: string; pause: string; play: string };
  theme: { label: string; light: string; dark: string };
  rights: ReactNode;
}
