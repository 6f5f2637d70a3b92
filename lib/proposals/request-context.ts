import "server-only";
import type { NextRequest } from "next/server";
import type { ClientContext } from "@/lib/http/route";
import { resolveStaffSession } from "@/lib/staff/session.service";
import { staffCookieName } from "@/lib/staff/staff-access.service";
import { visitorLang } from "./proposal-link.service";
import type { AuditContext } from "./proposal.repo";
import type { ProposalLang } from "./proposal.schema";

/** Who is behind a request, as the audit log records it (from the front door's client context). */
export function auditContextOf(
  client: ClientContext,
  account: { id: string; name: string } | null = null,
): AuditContext {
  return {
    ipAddress: client.address === "unknown" ? null : client.address,
    userAgent: client.userAgent,
    actor: account?.name ?? null,
    actorId: account?.id ?? null,
  };
}

/** True when a signed-in staff member opens a client link: a preview, not a client view. */
export async function isStaffPreview(request: NextRequest): Promise<boolean> {
  return (await resolveStaffSession(request.cookies.get(staffCookieName())?.value)) !== null;
}

/** The visitor's language: `?lang=` when the page names it, else Accept-Language, else Spanish. */
export function visitorLangOf(request: NextRequest): ProposalLang {
  return visitorLang(
    request.nextUrl.searchParams.get("lang"),
    request.headers.get("accept-language"),
  );
}
