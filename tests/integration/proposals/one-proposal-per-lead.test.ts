// The builder's rules on the server: a lead's second proposal is a deliberate choice (409 naming the
// existing one unless `another: true`), an empty proposal is refused, and editing keeps one proposal.
import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as updateProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { POST as withdrawProposal } from "@/app/api/crm/proposals/[id]/withdraw/route";
import { proposalData } from "../../support/proposals";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { makeStaffAccount, signInCookie } from "../../support/staff";

let cookie: string;

beforeAll(async () => {
  cookie = await signInCookie(await makeStaffAccount({ name: "Rosa" }));
});

const create = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(createProposal, { method: "POST", path: "/api/crm/proposals", body, cookie, headers });
const onId = (
  route: typeof shareProposal,
  id: string,
  action: string,
  body?: unknown,
  method = "POST",
) =>
  callRoute(route, {
    method,
    path: `/api/crm/proposals/${id}${action}`,
    params: { id },
    body,
    cookie,
  });
const countFor = (leadId: string) => testDb().proposal.count({ where: { leadId } });

describe("one proposal per lead unless asked for another", () => {
  it("answers 409 with the existing draft's id, and stores a second one with another: true", async () => {
    const lead = await makeLead();
    const first = await create({ data: proposalData(), lead_id: lead.id });
    expect(first.status).toBe(201);

    const again = await create({ data: proposalData({ title: "Otra" }), lead_id: lead.id });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      error: { code: "conflict" },
      existing_id: first.json.id,
    });
    expect(await countFor(lead.id)).toBe(1);

    const spanish = await create(
      { data: proposalData(), lead_id: lead.id },
      { "accept-language": "es" },
    );
    expect(spanish.json.error.message).toMatch(/ya tiene una propuesta/);

    const another = await create({ data: proposalData(), lead_id: lead.id, another: true });
    expect(another.status).toBe(201);
    expect(another.json.id).not.toBe(first.json.id);
    expect(await countFor(lead.id)).toBe(2);
  });

  it("counts a shared or signed proposal as the lead's, and a withdrawn one no longer", async () => {
    const lead = await makeLead();
    const first = await create({ data: proposalData(), lead_id: lead.id });
    expect((await onId(shareProposal, first.json.id, "/share")).status).toBe(200);
    expect((await create({ data: proposalData(), lead_id: lead.id })).json.existing_id).toBe(
      first.json.id,
    );

    await testDb().proposal.update({ where: { id: first.json.id }, data: { status: "signed" } });
    expect((await create({ data: proposalData(), lead_id: lead.id })).status).toBe(409);

    const other = await makeLead();
    const withdrawn = await create({ data: proposalData(), lead_id: other.id });
    expect((await onId(withdrawProposal, withdrawn.json.id, "/withdraw")).status).toBe(200);
    expect((await create({ data: proposalData(), lead_id: other.id })).status).toBe(201);
  });

  it("does not count a proposal past its date, nor limit proposals without a lead", async () => {
    const lead = await makeLead();
    const old = await create({ data: proposalData(), lead_id: lead.id });
    await testDb().proposal.update({
      where: { id: old.json.id },
      data: { status: "shared", sentAt: new Date(), expiresAt: new Date(Date.now() - 60_000) },
    });
    expect((await create({ data: proposalData(), lead_id: lead.id })).status).toBe(201);

    expect((await create({ data: proposalData() })).status).toBe(201);
    expect((await create({ data: proposalData() })).status).toBe(201);
  });

  it("finds the lead named by the client's contact id as well", async () => {
    const lead = await makeLead();
    const withContact = (title: string) =>
      proposalData({
        title,
        client: { ...proposalData().client!, contactId: lead.id },
      } as never);
    expect((await create({ data: withContact("Uno") })).status).toBe(201);
    expect((await create({ data: withContact("Dos") })).status).toBe(409);
  });
});

describe("an empty proposal", () => {
  it("is refused with 400 when it has no client name, no item (one-off or monthly) and no subtotal", async () => {
    const empty = proposalData({
      client: { ...proposalData().client!, name: "  " },
      investment: {
        ...proposalData().investment!,
        items: [{ label: " ", amount: "" }],
        monthly: [],
        subtotal: "",
      },
    } as never);
    const refused = await create({ data: empty });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("validation");
    expect(Object.keys(refused.json.error.fields)).toEqual(["data.client.name"]);

    const namedOnly = await create({
      data: { ...empty, client: { ...empty.client, name: "Autos Caribe" } },
    });
    expect(namedOnly.status).toBe(201);
    const itemsOnly = await create({
      data: {
        ...empty,
        investment: { ...empty.investment, items: [{ label: "Piloto", amount: "5,000" }] },
      },
    });
    expect(itemsOnly.status).toBe(201);
  });
});

describe("editing a stored proposal", () => {
  it("keeps one proposal: a draft's edit and a shared one's edit are new versions of the same", async () => {
    const lead = await makeLead();
    const created = await create({ data: proposalData(), lead_id: lead.id });
    const id = created.json.id as string;
    const edit = (title: string) =>
      onId(updateProposal as never, id, "", { data: proposalData({ title }) }, "PATCH");

    const draftEdit = await edit("Primera corrección");
    expect(draftEdit.status).toBe(200);
    expect(draftEdit.json.data).toMatchObject({ id, title: "Primera corrección", version: 2 });

    await onId(shareProposal, id, "/share");
    const sharedEdit = await edit("Tras compartir");
    expect(sharedEdit.json.data).toMatchObject({ id, status: "shared", version: 3 });
    expect(sharedEdit.json.data.token).toBe(created.json.token);
    expect(await countFor(lead.id)).toBe(1);
  });
});
