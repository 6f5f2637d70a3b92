// GET /api/crm/board: the pipeline board's one request answers what the pipeline and the seven column lists did.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getBoard } from "@/app/api/crm/board/route";
import { GET as listLeads } from "@/app/api/crm/leads/route";
import { GET as getPipeline } from "@/app/api/crm/pipeline/route";
import { LEAD_STAGES, LEADS_PAGE_SIZE } from "@/lib/crm/crm.schema";
import { callRoute } from "../../support/http";
import { makeLead } from "../../support/factories";
import { makeStaffAccount, staffCookieFor } from "../../support/staff";

let cookie: string;
let ownerId: string;

beforeAll(async () => {
  const account = await makeStaffAccount({ role: "manager" });
  ownerId = account.id;
  cookie = await staffCookieFor(account);
  // One owner's leads: a full first page and more in Discovery, one in Proposal, none elsewhere.
  for (let i = 0; i < LEADS_PAGE_SIZE + 2; i++)
    await makeLead({ stage: "Discovery", ownerId, name: `Board discovery ${i}` });
  await makeLead({ stage: "Proposal", ownerId, name: "Board proposal" });
});

describe("GET /api/crm/board", () => {
  it("returns the pipeline plus each column's first page and cursor, as the lead list pages them", async () => {
    const board = await callRoute(getBoard, {
      path: `/api/crm/board?owner=${ownerId}&won_period=90d`,
      cookie,
    });
    expect(board.status).toBe(200);
    const pipeline = await callRoute(getPipeline, {
      path: `/api/crm/pipeline?owner=${ownerId}&won_period=90d`,
      cookie,
    });
    const { stages, counts, totals } = pipeline.json;
    expect(board.json).toMatchObject({ stages, counts, totals, won_since: expect.any(String) });
    expect(Object.keys(board.json.leads)).toEqual([...LEAD_STAGES]);
    for (const stage of LEAD_STAGES) {
      const won = stage === "Won" ? "&won_period=90d" : "";
      const page = await callRoute(listLeads, {
        path: `/api/crm/leads?stage=${stage}&owner=${ownerId}${won}`,
        cookie,
      });
      expect(board.json.leads[stage]).toEqual(page.json.leads);
      expect(board.json.cursors[stage]).toEqual(page.json.next_cursor);
    }
    expect(board.json.leads.Discovery).toHaveLength(LEADS_PAGE_SIZE);
    expect(board.json.cursors.Discovery).toEqual(expect.any(String));
    expect(board.json.counts.Discovery).toBe(LEADS_PAGE_SIZE + 2);
    expect(board.json.leads.Proposal.map((lead: { name: string }) => lead.name)).toEqual([
      "Board proposal",
    ]);
    expect(board.json.cursors.Proposal).toBeNull();
  });

  it("the next page of a column comes from the lead list with the board's cursor", async () => {
    const board = await callRoute(getBoard, { path: `/api/crm/board?owner=${ownerId}`, cookie });
    const next = await callRoute(listLeads, {
      path: `/api/crm/leads?stage=Discovery&owner=${ownerId}&cursor=${encodeURIComponent(board.json.cursors.Discovery)}`,
      cookie,
    });
    expect(next.json.leads).toHaveLength(2);
    const firstIds = new Set(board.json.leads.Discovery.map((lead: { id: string }) => lead.id));
    expect(next.json.leads.some((lead: { id: string }) => firstIds.has(lead.id))).toBe(false);
  });

  it("answers a signed-out caller with 401 and a bad period or owner with 400", async () => {
    expect((await callRoute(getBoard, { path: "/api/crm/board" })).status).toBe(401);
    const badPeriod = await callRoute(getBoard, { path: "/api/crm/board?won_period=7d", cookie });
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.json.error.fields).toHaveProperty("won_period");
    const badOwner = await callRoute(getBoard, { path: "/api/crm/board?owner=someone", cookie });
    expect(badOwner.status).toBe(400);
    const extra = await callRoute(getBoard, { path: "/api/crm/board?stage=Won", cookie });
    expect(extra.status).toBe(400);
  });
});
