import type { Metadata } from "next";
import { OptinPage, optinMetadata } from "@/components/leads/optin-page";
import { relatedReading } from "@/lib/content/public-articles";

// The thank-you offers articles, which are records: rebuilt with the blog (lib/content/revalidate.ts).
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export function generateMetadata(): Promise<Metadata> {
  return optinMetadata("en");
}

// /optin opens in English; the visitor can switch to Spanish in place.
export default async function EnglishOptinPage() {
  return <OptinPage locale="en" related={await relatedReading()} />;
}
