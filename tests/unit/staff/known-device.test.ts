// The device cookie (docs/product.md#lock-screen): only entries this server signed, for at most 180 days,
// count; a sign-in renews its account's entry and keeps the others, up to five accounts per browser.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DEVICE_VALID_DAYS,
  deviceCookieAfterSignIn,
  readDeviceCookie,
} from "@/lib/staff/known-device";

const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => {
  // The signing key is SESSION_SECRET (its development default); the environment also wants a database
  // address, which nothing here connects to.
  process.env.DATABASE_URL ??= "postgresql://127.0.0.1:5432/unused";
});

describe("the device cookie", () => {
  it("names the account it was issued for, and nothing else", () => {
    const account = randomUUID();
    const cookie = deviceCookieAfterSignIn([], account);
    expect(readDeviceCookie(cookie).map((device) => device.accountId)).toEqual([account]);
    // The account id swapped for another's breaks the signature.
    expect(readDeviceCookie(cookie.replace(account, randomUUID()))).toEqual([]);
    expect(readDeviceCookie("not-a-device-cookie")).toEqual([]);
    expect(readDeviceCookie(undefined)).toEqual([]);
  });

  it("is forgotten after 180 days without a sign-in; a sign-in renews it with the same device id", () => {
    const account = randomUUID();
    const issued = new Date();
    const cookie = deviceCookieAfterSignIn([], account, issued);
    const late = new Date(issued.getTime() + (DEVICE_VALID_DAYS + 1) * DAY);
    expect(readDeviceCookie(cookie, late)).toEqual([]);
    const nearly = new Date(issued.getTime() + (DEVICE_VALID_DAYS - 1) * DAY);
    const [device] = readDeviceCookie(cookie, nearly);
    const renewed = deviceCookieAfterSignIn([device!], account, nearly);
    const [again] = readDeviceCookie(renewed, late);
    expect(again!.deviceId).toBe(device!.deviceId);
  });

  it("keeps the five accounts signed in most recently, the latest first", () => {
    const accounts = Array.from({ length: 7 }, () => randomUUID());
    let cookie = "";
    for (const account of accounts)
      cookie = deviceCookieAfterSignIn(readDeviceCookie(cookie), account);
    expect(readDeviceCookie(cookie).map((device) => device.accountId)).toEqual(
      accounts.slice(2).reverse(),
    );
  });
});
