// GET /api/openapi.json: the OpenAPI 3.1 description of this API, generated from the endpoint contracts.
import { NextResponse } from "next/server";
import { buildOpenApiDocument } from "@/lib/api-docs/document";
import { methods, route } from "@/lib/http/route";
import { openApi } from "@/lib/platform/platform.contract";
import { site } from "@/lib/site";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(openApi, async () =>
    NextResponse.json(buildOpenApiDocument(site.siteUrl), {
      headers: { "Cache-Control": "public, max-age=300" },
    }),
  ),
});
