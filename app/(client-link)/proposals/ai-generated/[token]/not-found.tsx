import { headers } from "next/headers";
import { ClientLinkNotFoundContent } from "@/components/proposals/client-link-not-found";
import { CLIENT_LINK_LANG_HEADER } from "@/lib/proposals/client-link-gate";
import { linkNotFoundText, visitorLang } from "@/lib/proposals/proposal-link.service";

/**
 * The 404 of a client link that passed proxy.ts's check but does not open after all: a staff member's
 * browser (the proxy leaves drafts to the page) or a link withdrawn in between. Visitors get the same
 * content as a server-rendered document from app/global-not-found.tsx. The layout's `<html lang>` is
 * the visitor's language here, read the same way.
 */
export default async function ClientLinkNotFound() {
  const requestHeaders = await headers();
  const lang = visitorLang(
    requestHeaders.get(CLIENT_LINK_LANG_HEADER),
    requestHeaders.get("accept-language"),
  );
  return <ClientLinkNotFoundContent lang={lang} message={linkNotFoundText(lang)} />;
}
