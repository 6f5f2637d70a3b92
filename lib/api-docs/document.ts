/**
 * /api/openapi.json, written from the endpoint contracts by zod-openapi: nothing here names an endpoint,
 * so the document cannot say something the routes do not.
 */
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import { API_CONTRACTS } from "./contracts";
import type { Contract, ResponseSpec } from "@/lib/http/contract";

const SESSION_SCHEME = "staffSession";

const TAGS: Record<string, string> = {
  leads: "Public lead submissions.",
  analytics: "The site's own analytics: the tracker's events and the staff dashboard.",
  booking: "The booking confirmation's calendar file.",
  meetings:
    "Meetings booked on the site: types, free times, booking, and the visitor's manage link.",
  platform: "Health and this description.",
  proposals: "Proposals: the client link, signing, verification, and the staff builder.",
  crm: "The CRM: leads, pipeline, tasks, review queue, settings.",
  staff: "Staff accounts, sign-in, passwords, two-factor, the outbox.",
  content: "The content studio: articles with their revisions, and images.",
};

function headersOf(spec: ResponseSpec) {
  return spec.headers
    ? Object.fromEntries(
        Object.entries(spec.headers).map(([name, description]) => [
          name,
          { description, schema: { type: "string" as const } },
        ]),
      )
    : undefined;
}

function operationOf(contract: Contract): ZodOpenApiOperationObject {
  const isStaff = contract.access !== "public";
  const requestBody = contract.body && {
    required: true,
    content: {
      "application/json": {
        schema: contract.body.schema,
        ...(contract.body.example === undefined ? {} : { example: contract.body.example }),
      },
      ...(contract.body.allowTextPlain ? { "text/plain": { schema: contract.body.schema } } : {}),
      ...Object.fromEntries(
        Object.entries(contract.body.alsoAccepts ?? {}).map(([type, schema]) => [type, { schema }]),
      ),
    },
  };
  const responses = Object.fromEntries(
    Object.entries(contract.responses).map(([status, spec]) => [
      status,
      {
        description: spec.description,
        ...(headersOf(spec) ? { headers: headersOf(spec) } : {}),
        ...(spec.schema || spec.contentType
          ? {
              content: {
                [spec.contentType ?? "application/json"]: {
                  schema: spec.schema ?? z.string().meta({ format: "binary" }),
                },
              },
            }
          : {}),
      },
    ]),
  );
  const role =
    contract.access === "public"
      ? ""
      : contract.access === "staff"
        ? " Any signed-in member of staff."
        : ` Needs the ${contract.access} role or above.`;
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    description: `${contract.description ?? contract.summary}${role}`,
    tags: [contract.tag],
    security: isStaff ? [{ [SESSION_SCHEME]: [] }] : [],
    ...(contract.params || contract.query
      ? {
          requestParams: {
            ...(contract.params ? { path: contract.params as z.ZodObject } : {}),
            ...(contract.query ? { query: contract.query as z.ZodObject } : {}),
          },
        }
      : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export function buildOpenApiDocument(siteUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const contract of API_CONTRACTS) {
    const item = (paths[contract.path] ??= {});
    item[contract.method.toLowerCase() as "get"] = operationOf(contract);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Avanza API",
      version: "1.0.0",
      description:
        "Every endpoint, generated from its contract. Errors share one shape (`Error`). Staff endpoints need the session cookie that POST /api/crm/auth sets; see docs/api.md in the repository for the guide.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: siteUrl }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-avanza_staff",
          description:
            "The staff session cookie set by POST /api/crm/auth (`avanza_staff` outside production).",
        },
      },
    },
  });
}
