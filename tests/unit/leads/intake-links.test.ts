import { describe, expect, it } from "vitest";
import { bookCallLink, leadFormLink, questionnairePath } from "@/lib/leads/intake-links";
import { readSiteConfig } from "@/lib/site";

describe("where a call to action into a lead form leads", () => {
  const unset = readSiteConfig({});

  it("is our own questionnaire in the page's language when no external form is set", () => {
    expect(leadFormLink("es", unset)).toEqual({ href: "/optin/es", isExternal: false });
    expect(leadFormLink("en", unset)).toEqual({ href: "/optin", isExternal: false });
    expect(questionnairePath("es")).toBe("/optin/es");
  });

  it("is the external form of that language when LEAD_FORM_URL_ES/EN are set", () => {
    const config = readSiteConfig({ LEAD_FORM_URL_ES: "https://forms.acme.test/es" });
    expect(leadFormLink("es", config)).toEqual({
      href: "https://forms.acme.test/es",
      isExternal: true,
    });
    // Only Spanish is configured: English visitors still get our questionnaire.
    expect(leadFormLink("en", config)).toEqual({ href: "/optin", isExternal: false });
  });

  it("books a call on the meeting page when MEETING_URL is set, else on our own booking page", () => {
    expect(bookCallLink("es", unset)).toEqual({
      href: "/book/strategy-session",
      isExternal: false,
    });
    expect(bookCallLink("en", unset)).toEqual({
      href: "/en/book/strategy-session",
      isExternal: false,
    });
    const config = readSiteConfig({ MEETING_URL: "https://meet.acme.test/call" });
    expect(bookCallLink("en", config)).toEqual({
      href: "https://meet.acme.test/call",
      isExternal: true,
    });
  });
});
