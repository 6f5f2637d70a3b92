// The typed client checks an answer against the schema its contract gives the status it came with:
// POST /api/crm/send-email answers 200 (a preview) or 202 (queued), each with its own shape, and an
// answer in a status the contract does not document is refused in development and tests.
import { afterEach, describe, expect, it, vi } from "vitest";
import { proposalStaffApi } from "@/components/proposals/proposal-staff-api";
import { sendProposalEmail } from "@/lib/api-docs/endpoints";
import { callEndpoint, ContractMismatchError } from "@/lib/http/contract-client";

const PROPOSAL_ID = "00000000-0000-4000-8000-000000000001";
const QUEUED = {
  ok: true,
  status: "queued",
  message_id: "00000000-0000-4000-8000-000000000002",
  message: "Queued.",
};
const PREVIEW = { subject: "Your proposal", html: "<p>Hello</p>", text: "Hello" };

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the typed client checks an answer by its status", () => {
  it("takes a 202 that matches the contract's 202 schema (a queued e-mail)", async () => {
    answerWith(202, QUEUED);
    await expect(
      callEndpoint(sendProposalEmail, { body: { proposal_id: PROPOSAL_ID } }),
    ).resolves.toEqual(QUEUED);
  });

  it("takes a 200 that matches the contract's 200 schema (a preview)", async () => {
    answerWith(200, PREVIEW);
    await expect(
      callEndpoint(sendProposalEmail, { body: { proposal_id: PROPOSAL_ID, preview: true } }),
    ).resolves.toEqual(PREVIEW);
  });

  it("refuses a 202 whose body is the 200's shape: the schema is the status's, not the first success's", async () => {
    answerWith(202, PREVIEW);
    await expect(
      callEndpoint(sendProposalEmail, { body: { proposal_id: PROPOSAL_ID } }),
    ).rejects.toThrow(/answered 202 outside its contract/);
  });

  it("refuses an answer in a status the contract does not document", async () => {
    answerWith(201, QUEUED);
    const call = callEndpoint(sendProposalEmail, { body: { proposal_id: PROPOSAL_ID } });
    await expect(call).rejects.toBeInstanceOf(ContractMismatchError);
    await expect(call).rejects.toThrow(/answered 201, a status its contract does not document/);
  });

  it("lets the proposal builder's e-mail dialog send and preview through the one endpoint", async () => {
    answerWith(202, QUEUED);
    await expect(proposalStaffApi.sendEmail({ proposal_id: PROPOSAL_ID })).resolves.toEqual(QUEUED);
    answerWith(200, PREVIEW);
    await expect(proposalStaffApi.previewEmail({ proposal_id: PROPOSAL_ID })).resolves.toEqual(
      PREVIEW,
    );
  });
});
