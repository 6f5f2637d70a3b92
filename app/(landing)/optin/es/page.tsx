import type { Metadata } from "next";
import { OptinPage, optinMetadata } from "@/components/leads/optin-page";
import { relatedReading } from "@/lib/content/public-articles";

// The thank-you offers articles, which are records: rebuilt with the blog (lib/content/revalidate.ts).
export const revalidate = 60;

export function generateMetadata(): Promise<Metadata> {
  return optinMetadata("es");
}

// The Spanish address of /optin, for search results and links in Spanish.
export default async function SpanishOptinPage() {
  return <OptinPage locale="es" related={await relatedReading()} />;
}
