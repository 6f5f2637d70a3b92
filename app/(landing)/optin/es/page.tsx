import type { Metadata } from "next";
import { OptinPage, optinMetadata } from "@/components/leads/optin-page";

export function generateMetadata(): Promise<Metadata> {
  return optinMetadata("es");
}

// The Spanish address of /optin, for search results and links in Spanish.
export default function SpanishOptinPage() {
  return <OptinPage locale="es" />;
}
