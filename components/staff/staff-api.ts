import { callApi } from "@/lib/http/api-client";
import type { TUnlock } from "@/lib/staff/staff-auth.schema";

/** The staff tools' one door to /api/crm/auth: unlock with the shared password, or lock. */
export const staffApi = {
  unlock: (body: TUnlock) => callApi<{ ok: true }>("/api/crm/auth", { method: "POST", json: body }),
  lock: () => callApi<{ ok: true }>("/api/crm/auth", { method: "DELETE" }),
};
