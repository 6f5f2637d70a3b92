import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env.schema";

const base = { NODE_ENV: "test", DATABASE_URL: "postgresql://localhost/x" };

describe("analytics settings", () => {
  it("the business time zone defaults to New York and must be a real IANA zone", () => {
    expect(parseServerEnv(base).ANALYTICS_TIME_ZONE).toBe("America/New_York");
    expect(
      parseServerEnv({ ...base, ANALYTICS_TIME_ZONE: "Europe/Madrid" }).ANALYTICS_TIME_ZONE,
    ).toBe("Europe/Madrid");
    expect(parseServerEnv({ ...base, ANALYTICS_TIME_ZONE: " " }).ANALYTICS_TIME_ZONE).toBe(
      "America/New_York",
    );
    expect(() => parseServerEnv({ ...base, ANALYTICS_TIME_ZONE: "Mars/Olympus_Mons" })).toThrow(
      /ANALYTICS_TIME_ZONE/,
    );
  });
});
