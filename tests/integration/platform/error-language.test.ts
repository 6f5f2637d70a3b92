import { beforeAll, describe, expect, it } from "vitest";
import { GET as getLead } from "@/app/api/crm/leads/[id]/route";
import { GET as getProposal } from "@/app/api/crm/proposals/[id]/route";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
let cookie: string;

beforeAll(async () => {
  cookie = await staffCookie({ name: "Lucía" });
});

describe("a server error is told in the caller's language, by code", () => {
  const cases = [
    { name: "a missing lead", handler: getLead, path: "/api/crm/leads", key: "noLead" },
    {
      name: "a missing proposal",
      handler: getProposal,
      path: "/api/crm/proposals",
      key: "noProposal",
    },
  ] as const;

  it.each(cases)(
    "answers $name in Spanish to a Spanish caller and in English to an English one",
    async ({ handler, path, key }) => {
      const ask = (acceptLanguage: string) =>
        callRoute(handler, {
          path: `${path}/${MISSING_ID}`,
          params: { id: MISSING_ID },
          cookie,
          headers: { "accept-language": acceptLanguage },
        });
      const [spanish, english] = await Promise.all([ask("es-ES,es;q=0.9"), ask("en-GB,en;q=0.9")]);
      expect(spanish.status).toBe(404);
      expect(english.status).toBe(404);
      expect(spanish.json).toEqual({ error: { code: "not_found", message: es.ApiErrors[key] } });
      expect(english.json).toEqual({ error: { code: "not_found", message: en.ApiErrors[key] } });
      expect(es.ApiErrors[key]).not.toBe(en.ApiErrors[key]);
    },
  );
});
