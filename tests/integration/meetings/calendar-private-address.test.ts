// A deployment that refuses private calendar addresses (the default) tells the person when they connect one,
// on the address field and in their language, and keeps nothing; the reads are refused at connect time too
// (caldav.test.ts). The rest of the integration suite allows them, to read the Radicale on loopback.
process.env.CALENDAR_PRIVATE_ADDRESSES = "refuse";

import { describe, expect, it } from "vitest";
import { PUT as putAvailability } from "@/app/api/staff/availability/route";
import { makeStaffAccount, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookieFor } from "../../support/staff";

const hours = (url: string) => ({
  time_zone: "Europe/Madrid",
  weekly: [{ day: 1, start: "09:00", end: "17:00" }],
  days_off: [],
  caldav: { url, username: "ana", password: "calendar-password" },
});

describe("connecting a calendar at a private address", () => {
  it("is refused with a 400 on the address, in the caller's language, and nothing is stored or queued", async () => {
    const account = await makeStaffAccount({ role: "sales", lastSignInAt: new Date() });
    const cookie = await staffCookieFor(account);
    for (const [url, lang, said] of [
      ["http://localhost:5232/ana/work/", "en", /private network/],
      ["http://127.0.0.1:5232/ana/work/", "es", /red privada/],
      ["http://[::ffff:10.0.0.1]/dav/", "en", /private network/],
      ["http://169.254.169.254/latest/", "es", /red privada/],
    ] as const) {
      const answer = await callRoute(putAvailability, {
        method: "PUT",
        path: "/api/staff/availability",
        body: hours(url),
        cookie: `${cookie}; avanza_staff_lang=${lang}`,
      });
      expect(answer.status, url).toBe(400);
      expect(answer.json.error.code).toBe("validation");
      expect(answer.json.error.message).toMatch(said);
      expect(answer.json.error.fields["caldav.url"][0]).toMatch(said);
    }
    const stored = await testDb().staffAvailability.findUnique({
      where: { accountId: account.id },
    });
    expect(stored).toBeNull();
    expect(
      await testDb().job.count({ where: { payload: { path: ["accountId"], equals: account.id } } }),
    ).toBe(0);
  });

  it("at a public address is connected as before", async () => {
    const account = await makeStaffAccount({ role: "sales", lastSignInAt: new Date() });
    const answer = await callRoute(putAvailability, {
      method: "PUT",
      path: "/api/staff/availability",
      body: hours("https://203.0.114.10/dav/ana/"),
      cookie: await staffCookieFor(account),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.caldav).toMatchObject({ url: "https://203.0.114.10/dav/ana/" });
  });
});
