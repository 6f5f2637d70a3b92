import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as draftForLead } from "@/app/api/crm/leads/[id]/proposal-draft/route";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

// A stand-in for an OpenAI-compatible endpoint on loopback: tests never reach an outside service.
let server: Server;
let reply: { status: number; content: string } = { status: 200, content: "" };
const received: { authorization?: string; body: { model?: string } }[] = [];
let cookie: string;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      authorization: request.headers.authorization,
      body: JSON.parse(await readBody(request)),
    });
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify({ choices: [{ message: { content: reply.content } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.LLM_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  process.env.LLM_API_KEY = "test-key";
  process.env.LLM_MODEL = "test-model";
  cookie = await staffCookie();
});

afterAll(async () => {
  for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"]) delete process.env[name];
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function draft() {
  const lead = await makeLead({ company: "Clínica Norte", lang: "es" });
  await testDb().leadSubmission.create({
    data: {
      submissionId: `n-${lead.id}`,
      leadId: lead.id,
      source: "optin",
      lang: "es",
      answers: {
        areas: ["customer experience"],
        budget: "Under $25k",
        timeline: "Immediately",
        challenge: "Perdemos llamadas.",
      },
    },
  });
  return callRoute(draftForLead, {
    method: "POST",
    path: `/api/crm/leads/${lead.id}/proposal-draft`,
    params: { id: lead.id },
    cookie,
  });
}

it("lets a configured endpoint write the title and KPIs, keeping the rules' prices", async () => {
  reply = {
    status: 200,
    content: JSON.stringify({
      title: "Recepción con IA para Clínica Norte",
      kpis: ["Ninguna llamada de paciente sin respuesta."],
    }),
  };
  const result = await draft();
  expect(result.status).toBe(200);
  expect(result.json.data.title).toBe("Recepción con IA para Clínica Norte");
  expect(result.json.data.kpis).toEqual(["Ninguna llamada de paciente sin respuesta."]);
  expect(result.json.data.investment.subtotal).toBe("12,200");
  expect(received.at(-1)).toMatchObject({
    authorization: "Bearer test-key",
    body: { model: "test-model" },
  });
});

it("keeps the rules' draft when the endpoint fails or answers nonsense", async () => {
  reply = { status: 500, content: "" };
  expect((await draft()).json.data.title).toBe("Propuesta de soluciones de IA para Clínica Norte");
  reply = { status: 200, content: "not json" };
  expect((await draft()).json.data.title).toBe("Propuesta de soluciones de IA para Clínica Norte");
});
