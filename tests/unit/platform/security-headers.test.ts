import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, buildSecurityHeaders } from "@/lib/security/headers";
import { readSiteConfig } from "@/lib/site";
import { themeScript, themeScriptCspHash } from "@/lib/theme/theme-script";
import { createHash } from "node:crypto";

const site = readSiteConfig({});
const directives = (policy: string) =>
  new Map(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("content security policy", () => {
  it("locks down the baseline directives", () => {
    const csp = directives(buildContentSecurityPolicy({ isDev: false, site }));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("allows the configured chat widget and video hosts and nothing else from outside", () => {
    const csp = directives(buildContentSecurityPolicy({ isDev: false, site }));
    expect(csp.get("script-src")).toContain(new URL(site.chatWidget.scriptUrl).origin);
    expect(csp.get("frame-src")).toContain(new URL(site.featuredVideoUrl).origin);
  });

  it("uses a nonce instead of 'unsafe-inline' for scripts on dynamic pages", () => {
    const csp = directives(
      buildContentSecurityPolicy({
        isDev: false,
        site,
        nonce: "abc123",
        scriptHashes: [themeScriptCspHash],
      }),
    );
    expect(csp.get("script-src")).toContain("'nonce-abc123'");
    expect(csp.get("script-src")).toContain(themeScriptCspHash);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("only relaxes eval in development", () => {
    expect(
      directives(buildContentSecurityPolicy({ isDev: true, site })).get("script-src"),
    ).toContain("'unsafe-eval'");
  });

  it("hashes the theme script exactly as the browser will", () => {
    expect(themeScriptCspHash).toBe(
      `'sha256-${createHash("sha256").update(themeScript).digest("base64")}'`,
    );
  });
});

describe("security headers", () => {
  it("sends HSTS in production only", () => {
    expect(buildSecurityHeaders({ isDev: false })).toHaveProperty("Strict-Transport-Security");
    expect(buildSecurityHeaders({ isDev: true })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("always forbids MIME sniffing and framing", () => {
    expect(buildSecurityHeaders({ isDev: true })).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    });
  });
});
