import { describe, expect, it } from "vitest";
import { LeadStage, TaskStatus } from "@/lib/generated/prisma/enums";
import { LEAD_STAGES, TASK_STATUSES, ZCreateLead } from "@/lib/crm/crm.schema";
import { foldForSearch } from "@/lib/crm/fold";
import { toLeadsCsv } from "@/lib/crm/leads-csv";
import { clientAddress } from "@/lib/http/client-address";

describe("CRM vocabulary", () => {
  it("lists the same stages and statuses, in the same order, as the database enums", () => {
    expect([...LEAD_STAGES]).toEqual(Object.values(LeadStage));
    expect([...TASK_STATUSES]).toEqual(Object.values(TaskStatus));
  });

  it("needs a name or an e-mail to create a lead", () => {
    expect(ZCreateLead.safeParse({ company: "Acme" }).success).toBe(false);
    expect(ZCreateLead.safeParse({ name: "Ana" }).success).toBe(true);
    expect(ZCreateLead.safeParse({ email: "ana@example.com" }).success).toBe(true);
  });
});

describe("search folding", () => {
  it("ignores case and Spanish accents", () => {
    expect(foldForSearch("JOSÉ Ñúñez Güell")).toBe("jose nunez guell");
  });
});

describe("client address", () => {
  const headers = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});

  it("takes the address the outermost trusted proxy saw, ignoring what the client wrote before it", () => {
    // One proxy appends the client's address; anything left of it came from the client.
    expect(clientAddress(headers("198.51.100.1, 203.0.113.9"), 1)).toBe("203.0.113.9");
    // Two proxies: the second appended the first's address.
    expect(clientAddress(headers("198.51.100.1, 203.0.113.9, 10.0.0.2"), 2)).toBe("203.0.113.9");
  });

  it("without trusted proxies ignores X-Forwarded-For entirely (only the socket counts)", () => {
    expect(clientAddress(headers("203.0.113.9"), 0)).toBe("unknown");
  });

  it("never fails on a missing or absurd header", () => {
    expect(clientAddress(headers(), 0)).toBe("unknown");
    expect(clientAddress(headers("a, b"), 5)).toBe("a");
    expect(clientAddress(headers("x".repeat(500)), 1)).toHaveLength(64);
  });
});

describe("leads CSV", () => {
  const lead = {
    id: "1",
    name: "Añil",
    email: null,
    phone: "+34 600",
    company: 'Say "hi", S.A.',
    industry: "@risk",
    stage: "Won" as const,
    source: "manual",
    lang: "es",
    owner: { id: "00000000-0000-4000-8000-000000000001", name: "=Marta" },
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "",
  };

  it("starts with a byte-order mark and ends rows with CRLF", () => {
    const csv = toLeadsCsv([lead]);
    expect(csv.startsWith("\uFEFFname,email,")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("quotes commas and quotes, and defuses formula prefixes", () => {
    const row = toLeadsCsv([lead]).split("\r\n")[1]!;
    expect(row).toBe(
      `Añil,,'+34 600,"Say ""hi"", S.A.",'@risk,Won,manual,es,2026-01-01T00:00:00.000Z,'=Marta`,
    );
  });
});
