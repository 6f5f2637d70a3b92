import { describe, expect, it } from "vitest";
import { getPathname } from "@/lib/i18n/navigation";
import { pathInLocale } from "@/lib/i18n/locale-path";

describe("the language switcher's addresses", () => {
  it("keeps the page and puts English under /en, Spanish unprefixed", () => {
    expect(pathInLocale("/solutions/voice-agents", "en")).toBe("/en/solutions/voice-agents");
    expect(pathInLocale("/en/solutions/voice-agents", "es")).toBe("/solutions/voice-agents");
    expect(pathInLocale("/en/blog", "en")).toBe("/en/blog");
  });

  it("reads the internal /es/… path of a prerendered Spanish page like its public address", () => {
    expect(pathInLocale("/es/careers", "es")).toBe(pathInLocale("/careers", "es"));
    expect(pathInLocale("/es/careers", "en")).toBe("/en/careers");
  });

  it("maps the home page to / and /en", () => {
    for (const from of ["/", "/en", "/es", "/en/"]) {
      expect(pathInLocale(from, "es")).toBe("/");
      expect(pathInLocale(from, "en")).toBe("/en");
    }
  });

  it("gives the same address as next-intl's getPathname, which the canonical and hreflang tags use", () => {
    for (const path of [
      "/",
      "/blog",
      "/blog/integrate-ai-without-disruption",
      "/careers/video-editor",
    ])
      for (const locale of ["es", "en"] as const)
        expect(pathInLocale(path, locale)).toBe(getPathname({ href: path, locale }));
  });
});
