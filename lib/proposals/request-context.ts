import "server-only";
import type { NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { resolveStaffSession } from "@/lib/staff/session.service";
import { staffCookieName } from "@/lib/staff/session-cookie";
import { visitorLang } from "./proposal-link.service";
import type { AuditContext } from "./proposal.repo";
import type { ProposalLang } from "./proposal.schema";

/** Who is behind a request, as the audit log records it. */
export function auditContextOf(request: NextRequest, actor: string | null = null): AuditContext {
  const address = clientAddress(request.headers, serverEnv().TRUSTED_PROXY_HOPS);
  return {
    ipAddress: address === "unknown" ? null : address,
    userAgent: request.headers.get("user-agent"),
    actor,
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
