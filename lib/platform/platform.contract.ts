/** Health and the API description itself (lib/http/contract.ts). */
import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const health = defineContract({
  operationId: "getHealth",
  method: "GET",
  path: "/api/health",
  tag: "platform",
  access: "public",
  summary: "Liveness plus a database round trip, for load balancers and the test server.",
  responses: {
    200: {
      description: "Up, and the database answers.",
      schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
    },
  },
});

export const openApi = defineContract({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/api/openapi.json",
  tag: "platform",
  access: "public",
  isDatabaseFree: true,
  summary: "This description (OpenAPI 3.1), generated from the endpoint contracts.",
  responses: {
    200: {
      description: "The OpenAPI document.",
      schema: z.object({ openapi: z.literal("3.1.0") }).loose(),
    },
  },
});

export const PLATFORM_CONTRACTS = [health, openApi];
