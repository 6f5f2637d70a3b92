import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The sitemaps.org schema plus the xhtml:link element (tests/support/sitemaps/). */
const SCHEMA = path.join(import.meta.dirname, "sitemaps/sitemap-with-xhtml.xsd");

/** Runs `xmllint --noout --schema` on a sitemap document: whether it is valid, and what xmllint said. */
export function validateSitemap(xml: string): { isValid: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "sitemap-"));
  const file = path.join(dir, "sitemap.xml");
  try {
    writeFileSync(file, xml);
    const output = execFileSync("xmllint", ["--noout", "--schema", SCHEMA, file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { isValid: true, output };
  } catch (error) {
    const { stderr = "", status } = error as { stderr?: string; status?: number | null };
    // Status 3 means "invalid"; anything else (xmllint missing, a schema that does not load) is a failure of the test itself.
    if (status !== 3) throw error;
    return { isValid: false, output: stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
