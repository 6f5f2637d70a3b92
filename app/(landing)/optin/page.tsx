import type { Metadata } from "next";
import { OptinPage, optinMetadata } from "@/components/leads/optin-page";

export function generateMetadata(): Promise<Metadata> {
  return optinMetadata("en");
}

// /optin opens in English; the visitor can switch to Spanish in place.
export default function EnglishOptinPage() {
  return <OptinPage locale="en" />;
}
