import { headers } from "next/headers";
import { ClientLinkNotFoundContent } from "@/components/proposals/client-link-not-found";
import { DocumentLang } from "@/components/proposals/document-lang";
import { linkNotFoundText, visitorLang } from "@/lib/proposals/proposal-link.service";

/**
 * The 404 of a client link that passed proxy.ts's check but does not open after all: a staff member's
 * browser (the proxy leaves drafts to the page) or a link withdrawn in between. Visitors get the same
 * content as a server-rendered document from app/global-not-found.tsx.
 */
export default async function ClientLinkNotFound() {
  const lang = visitorLang(null, (await headers()).get("accept-language"));
  return (
    <>
      <DocumentLang lang={lang} />
      <ClientLinkNotFoundContent lang={lang} message={linkNotFoundText(lang)} />
    </>
  );
}
