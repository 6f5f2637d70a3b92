import { describe, expect, it } from "vitest";
import { isBotUserAgent } from "@/lib/analytics/bots";
import { classifyReferrer, classifyVisit } from "@/lib/analytics/channels";
import { classifyDevice } from "@/lib/analytics/device";
import { localDay, resolvePeriod, startOfLocalDay } from "@/lib/analytics/periods";

describe("referrer → source channel", () => {
  it.each([
    ["", "direct"],
    [null, "direct"],
    ["not a url", "direct"],
    ["https://www.google.com/", "organic"],
    ["https://www.google.com.mx/search?q=x", "organic"],
    ["https://duckduckgo.com/", "organic"],
    ["https://www.bing.com/search", "organic"],
    ["https://m.facebook.com/", "social"],
    ["https://lnkd.in/abc", "social"],
    ["https://t.co/xyz", "social"],
    ["https://www.linkedin.com/feed/", "social"],
    ["https://news.ycombinator.com/", "referral"],
    ["https://notgoogle.example/", "referral"],
    ["https://avanza.example/blog", "internal"],
    ["https://www.avanza.example/", "internal"],
  ])("%s → %s", (referrer, channel) => {
    expect(classifyReferrer(referrer, "avanza.example")).toBe(channel);
  });

  it("ignores the port of our own host", () => {
    expect(classifyReferrer("http://localhost:3300/en", "localhost:3300")).toBe("internal");
  });
});

describe("campaign tags and referrer → channel (GA4-like)", () => {
  it.each([
    [{ utm_medium: "email", utm_source: "newsletter" }, "", "email"],
    [{ utm_medium: "E-Mail" }, "https://mail.google.com/", "email"],
    [{ utm_source: "newsletter" }, "", "email"],
    [{ utm_medium: "cpc", utm_source: "google" }, "https://www.google.com/", "paid"],
    [{ utm_medium: "paid_social", utm_source: "linkedin" }, "", "paid"],
    [{ utm_medium: "display" }, "", "paid"],
    [{ utm_medium: "social", utm_source: "facebook" }, "", "social"],
    [{ utm_source: "linkedin" }, "", "social"],
    [{ utm_medium: "organic", utm_source: "google" }, "", "organic"],
    [{ utm_medium: "referral", utm_source: "partner.example" }, "", "referral"],
    [{ utm_source: "(direct)", utm_medium: "(none)" }, "", "direct"],
    [{ utm_medium: "podcast", utm_source: "partner" }, "", "campaign"],
    [{ utm_campaign: "spring" }, "https://www.google.com/", "campaign"],
    [{}, "https://www.google.com/", "organic"],
    [{}, "", "direct"],
    // A move within the site keeps its visit's channel, whatever its address carries.
    [{ utm_medium: "email" }, "https://avanza.example/en", "internal"],
  ])("%o from %s → %s", (tags, referrer, channel) => {
    expect(classifyVisit(referrer, tags, "avanza.example")).toBe(channel);
  });
});

describe("user agent → device class and bot check", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(
      classifyDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1",
      ),
    ).toBe("mobile");
    expect(
      classifyDevice("Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/142.0 Mobile Safari/537.36"),
    ).toBe("mobile");
    expect(
      classifyDevice("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/142.0 Safari/537.36"),
    ).toBe("tablet");
    expect(classifyDevice("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) Safari/604.1")).toBe(
      "tablet",
    );
    expect(
      classifyDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/142.0.0.0 Safari/537.36"),
    ).toBe("desktop");
  });

  it("recognises crawlers, previewers and scripts but not browsers", () => {
    for (const ua of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "facebookexternalhit/1.1",
      "Mozilla/5.0 (compatible; AhrefsBot/7.0)",
      "python-requests/2.32",
      "Mozilla/5.0 HeadlessChrome/142.0",
      "",
      null,
    ]) {
      expect(isBotUserAgent(ua)).toBe(true);
    }
    expect(
      isBotUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15",
      ),
    ).toBe(false);
  });
});

describe("periods in the business time zone", () => {
  const zone = "America/New_York";
  it("days start at local midnight on both sides of a DST change", () => {
    expect(startOfLocalDay("2026-03-08", zone).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfLocalDay("2026-03-09", zone).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfLocalDay("2026-11-01", zone).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfLocalDay("2026-11-02", zone).toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(localDay(new Date("2026-11-02T04:59:59.999Z"), zone)).toBe("2026-11-01");
  });

  it("a zone whose clocks skip midnight starts the day at the first instant that exists", () => {
    // Santiago moves from 00:00 to 01:00 on 6 Sep 2026.
    expect(startOfLocalDay("2026-09-06", "America/Santiago").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
  });

  it("a 25-hour and a 23-hour day cover their whole length", () => {
    const fallBack = resolvePeriod(
      { range: "custom", startDate: "2026-11-01", endDate: "2026-11-01" },
      new Date("2026-11-05T12:00:00Z"),
      zone,
    );
    expect(fallBack.end.getTime() - fallBack.start.getTime()).toBe(25 * 3_600_000);
    const springForward = resolvePeriod(
      { range: "yesterday" },
      new Date("2026-03-09T12:00:00Z"),
      zone,
    );
    expect([
      springForward.firstDay,
      springForward.end.getTime() - springForward.start.getTime(),
    ]).toEqual(["2026-03-08", 23 * 3_600_000]);
  });

  it("today follows the business zone, not UTC", () => {
    // 02:00 UTC on 1 Jan is still 31 Dec in New York.
    const period = resolvePeriod({ range: "today" }, new Date("2027-01-01T02:00:00Z"), zone);
    expect([period.firstDay, period.lastDay, period.previous.firstDay]).toEqual([
      "2026-12-31",
      "2026-12-31",
      "2026-12-30",
    ]);
    expect(
      resolvePeriod({ range: "thisMonth" }, new Date("2027-01-01T02:00:00Z"), zone).firstDay,
    ).toBe("2026-12-01");
    expect(
      resolvePeriod({ range: "lastQuarter" }, new Date("2027-01-01T02:00:00Z"), zone),
    ).toMatchObject({ firstDay: "2026-07-01", lastDay: "2026-09-30", days: 92 });
  });
});
