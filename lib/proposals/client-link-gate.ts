import "server-only";
import { sqlQuery } from "@/lib/db";

/** A client link's token: 32 random bytes in base64url (newToken in proposal-dto.ts), 43 characters, 256 bits. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a proposal in this status opens by its client link: never once withdrawn, a draft only for staff. */
export function isLinkStatusOpen(status: string, { allowDraft }: { allowDraft: boolean }): boolean {
  return status !== "withdrawn" && (status !== "draft" || allowDraft);
}

/**
 * Whether a client link opens for a visitor who is not staff. One indexed read of the status alone,
 * light enough for proxy.ts to answer a dead link with the server-rendered 404 before the page runs.
 * A proposal whose lead was erased never opens again (docs/product.md, "Erasure and signed records").
 */
export async function isClientLinkOpenToVisitors(token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const { rows } = await sqlQuery<{ status: string; erased: boolean }>(
    "SELECT status, erased_at IS NOT NULL AS erased FROM proposals WHERE token = $1",
    [token],
  );
  return (
    rows[0] !== undefined &&
    !rows[0].erased &&
    isLinkStatusOpen(rows[0].status, { allowDraft: false })
  );
}

/** The client link page's path prefix; the token is the one segment after it. */
const CLIENT_LINK_PREFIX = "/proposals/ai-generated/";

/** The token of a client link path (`/proposals/ai-generated/<token>`), else null. */
export function clientLinkTokenOf(pathname: string): string | null {
  if (!pathname.startsWith(CLIENT_LINK_PREFIX)) return null;
  const token = pathname.slice(CLIENT_LINK_PREFIX.length);
  return token.length > 0 && !token.includes("/") ? token : null;
}

/**
 * Set by proxy.ts on a request for a client link that does not open, which it then routes to a path no
 * page matches: app/global-not-found.tsx answers 404 with the client link's content. A notFound()
 * thrown by the page itself would reach the visitor as an empty document filled in by JavaScript.
 */
export const CLOSED_CLIENT_LINK_HEADER = "x-avanza-closed-client-link";
export const CLOSED_CLIENT_LINK_PATH = "/proposals/closed-link";

/**
 * Set by proxy.ts on every client link request to the `?lang=` it asks for (empty when none), so the
 * link's root layout, which cannot read the query, renders `<html lang>` in the language the page shows.
 */
export const CLIENT_LINK_LANG_HEADER = "x-avanza-client-link-lang";
