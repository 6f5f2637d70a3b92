import { describe, expect, it } from "vitest";
import { phoneHref, readSiteConfig } from "@/lib/site";

describe("brand configuration", () => {
  it("has fictional defaults on the reserved avanza.example domain", () => {
    const site = readSiteConfig({});
    expect(site.name).toBe("Avanza AI");
    expect(site.receptionistName).toBe("Camila");
    expect(site.phone).toBe("+1 555 0100");
    expect(site.contactEmail).toMatch(/@avanza\.example$/);
    expect(site.careersEmail).toMatch(/@avanza\.example$/);
    expect(site.chatWidget.id.es).not.toBe(site.chatWidget.id.en);
  });

  it("has no external lead form or meeting page unless they are set", () => {
    const site = readSiteConfig({});
    expect(site.leadFormUrl).toEqual({ es: undefined, en: undefined });
    expect(site.meetingUrl).toBeUndefined();
  });

  it("takes every value from the environment when set", () => {
    const site = readSiteConfig({
      BRAND_NAME: "Acme IA",
      RECEPTIONIST_NAME: "Lucía",
      BRAND_PHONE: "+34 910 000 000",
      CONTACT_EMAIL: "hola@acme.test",
      CAREERS_EMAIL: "jobs@acme.test",
      SITE_URL: "https://acme.test/",
      LEAD_FORM_URL_ES: "https://forms.acme.test/es",
      LEAD_FORM_URL_EN: "https://forms.acme.test/en",
      MEETING_URL: "https://meet.acme.test",
      CHAT_WIDGET_SCRIPT_URL: "https://chat.acme.test/w.js",
      CHAT_WIDGET_ID_ES: "w-es",
      CHAT_WIDGET_ID_EN: "w-en",
      FEATURED_VIDEO_URL: "https://video.acme.test/embed/1",
    });
    expect(site).toMatchObject({
      name: "Acme IA",
      receptionistName: "Lucía",
      phone: "+34 910 000 000",
      siteUrl: "https://acme.test",
      leadFormUrl: { es: "https://forms.acme.test/es", en: "https://forms.acme.test/en" },
      meetingUrl: "https://meet.acme.test",
      chatWidget: { scriptUrl: "https://chat.acme.test/w.js", id: { es: "w-es", en: "w-en" } },
    });
  });

  it("stops with a message naming the bad value", () => {
    expect(() => readSiteConfig({ CONTACT_EMAIL: "not-an-email" })).toThrow(/contactEmail/);
    expect(() => readSiteConfig({ MEETING_URL: "meet me" })).toThrow(/meetingUrl/);
  });

  it("dials the phone number without its formatting", () => {
    expect(phoneHref("+1 555 0100")).toBe("tel:+15550100");
    expect(phoneHref("(555) 010-0100")).toBe("tel:5550100100");
  });
});
