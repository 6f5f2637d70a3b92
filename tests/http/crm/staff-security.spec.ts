// What the CRM's security rests on that needs no browser: the staff pages' script policy (a header of
// the server's answer) and the staff password's absence from the browser bundle (the build's files).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_STAFF_PASSWORD } from "../../e2e/support/constants";

test("staff pages carry a nonce-based policy without 'unsafe-inline' scripts", async ({
  request,
}) => {
  const csp = (await request.get("/crm")).headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[^']+'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
});

test("the staff password never reaches the browser bundle", () => {
  const files: string[] = [];
  const walk = (dir: string) =>
    readdirSync(dir).forEach((entry) =>
      statSync(path.join(dir, entry)).isDirectory()
        ? walk(path.join(dir, entry))
        : files.push(path.join(dir, entry)),
    );
  walk(".next/static");
  expect(files.length).toBeGreaterThan(0);
  const leaking = files.filter((file) => readFileSync(file, "utf8").includes(E2E_STAFF_PASSWORD));
  expect(leaking).toEqual([]);
});
