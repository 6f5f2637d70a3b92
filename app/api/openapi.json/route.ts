// GET /api/openapi.json: the OpenAPI 3.1 description of this API, generated from the routes' zod schemas.
import { NextResponse } from "next/server";
import { buildOpenApiDocument } from "@/lib/api-docs/openapi";
import { methods, route } from "@/lib/http/route";
import { site } from "@/lib/site";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("openapi", async () =>
    NextResponse.json(buildOpenApiDocument(site.siteUrl), {
      headers: { "Cache-Control": "public, max-age=300" },
    }),
  ),
});
