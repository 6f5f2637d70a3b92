import type { Metadata } from "next";
import { fontVariables } from "@/lib/fonts";
import { clientLinkDocumentLang } from "@/lib/proposals/client-link-view";

// A link carrying a token is never indexed and must not leak through the Referer header.
export const metadata: Metadata = {
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * The client link's own document, so `<html lang>` is the language the server renders the proposal in
 * (its own, or the one `?lang=` asks for among those it has) rather than a guess fixed in advance.
 */
export default async function ClientLinkLayout({
  children,
  params,
}: LayoutProps<"/proposals/ai-generated/[token]">) {
  const { token } = await params;
  return (
    <html lang={await clientLinkDocumentLang(token)} className={fontVariables}>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
