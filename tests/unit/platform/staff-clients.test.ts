// The staff clients build their requests from the contracts: the same paths and query strings the
// screens sent before, and an answer outside the contract is refused rather than trusted.
import { afterEach, describe, expect, it, vi } from "vitest";
import { crmApi, leadsQueryString } from "@/components/crm/crm-api";
import { outboxApi } from "@/components/outbox/outbox-api";
import { ContractMismatchError } from "@/lib/http/contract-client";

const sent: { url: string; method: string; body: unknown }[] = [];

function answerWith(body: unknown, status = 200) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? "GET",
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
}

afterEach(() => {
  sent.length = 0;
  vi.unstubAllGlobals();
});

describe("the contract-typed staff clients", () => {
  it("ask for the lead list with the query string the screens always sent, empty filters left out", async () => {
    answerWith({ leads: [], next_cursor: null });
    const filter = {
      stage: "Won" as const,
      q: "lucía",
      owner: "",
      funnel: { funnel_step: "signed" as const, from: "2026-11-01", to: "2026-11-30" },
      wonPeriod: "90d" as const,
      sort: "value" as const,
      cursor: "abc",
    };
    await crmApi.listLeads(filter).catch(() => undefined);
    const params = (url: string) =>
      [...new URL(url, "http://x").searchParams.entries()].sort().join("&");
    expect(params(sent[0]!.url)).toBe(params(`/api/crm/leads${leadsQueryString(filter)}`));
    await crmApi.listLeads({ sort: "newest", stage: "" }).catch(() => undefined);
    expect(sent[1]!.url).toBe("/api/crm/leads");
  });

  it("put ids in the path and the body in JSON", async () => {
    answerWith({ id: "t" });
    await crmApi.moveTask("00000000-0000-4000-8000-000000000001", "done").catch(() => undefined);
    expect(sent[0]).toMatchObject({
      url: "/api/crm/tasks/00000000-0000-4000-8000-000000000001",
      method: "PATCH",
      body: { status: "done" },
    });
  });

  it("refuse an answer the contract does not describe", async () => {
    answerWith({ messages: "not a list" });
    await expect(outboxApi.list({})).rejects.toBeInstanceOf(ContractMismatchError);
    expect(sent[0]!.url).toBe("/api/staff/outbox");
  });
});
