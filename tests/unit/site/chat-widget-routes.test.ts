import { describe, expect, it } from "vitest";
import { showsChatWidget } from "@/lib/chat-widget/routes";

describe("chat widget placement", () => {
  it("appears on the marketing pages in both languages", () => {
    for (const path of [
      "/",
      "/en",
      "/blog",
      "/en/blog/scaling-ai-beyond-the-pilot",
      "/solutions/voice-agents",
      "/careers-fair",
    ]) {
      expect(showsChatWidget(path)).toBe(true);
    }
  });

  it("stays off the careers, opt-in, sample proposal, staff, legal and booking pages", () => {
    for (const path of [
      "/careers",
      "/en/careers/video-editor",
      "/optin",
      "/en/optin",
      "/proposal/santo-domingo-motors",
      "/analytics",
      "/crm",
      "/privacy-policy",
      "/en/terms-and-conditions",
      "/booking-confirmation?id=AV-1",
    ]) {
      expect(showsChatWidget(path)).toBe(false);
    }
  });
});
