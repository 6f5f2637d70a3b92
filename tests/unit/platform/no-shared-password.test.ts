import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, sourceFiles } from "@/tests/support/source-files";

// Every session belongs to a named account (docs/product.md#staff-accounts): no code may treat a missing
// account as a role, the fail-open leftover of the shared-password era.
const files = ["lib", "app", "components"]
  .flatMap((folder) => sourceFiles(path.join(REPO_ROOT, folder)))
  .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));

function offendingLines(pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) =>
        pattern.test(line)
          ? [`${path.relative(REPO_ROOT, file)}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

describe("the shared password is gone from the code", () => {
  it("no missing account or role falls back to a role", () => {
    expect(offendingLines(/(\?\?|\|\|)\s*["'](owner|manager|sales)["']/)).toEqual([]);
  });

  it("no code path or comment speaks of a shared-password session", () => {
    expect(offendingLines(/shared[- ]password|CRM_PASSWORD/i)).toEqual([]);
  });
});
