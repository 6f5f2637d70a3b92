// Writes /api/openapi.json as the app serves it and lints it with Redocly: `npm run lint:api`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api-docs/document";

const file = path.join(mkdtempSync(path.join(tmpdir(), "openapi-")), "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument("https://avanza.example")));
execFileSync("npx", ["@redocly/cli", "lint", file, "--config", "redocly.yaml"], {
  stdio: "inherit",
});
