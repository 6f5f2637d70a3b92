import type { Metadata } from "next";
import type { ReactNode } from "react";
import { fontVariables } from "@/lib/fonts";

// Client documents: never indexed, and a link carrying a token must not leak through the Referer header.
export const metadata: Metadata = {
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** Proposal documents (samples, local drafts, verify): a plain light page that opens in Spanish and switches in place. */
export default function ProposalLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="es" className={fontVariables}>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
