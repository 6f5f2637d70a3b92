import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env.schema";
import { defaultStaffLocale } from "@/lib/staff/staff-paths";

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

  it("the dashboard starts in Spanish, the other staff tools in English", () => {
    expect(defaultStaffLocale("/analytics")).toBe("es");
    expect(defaultStaffLocale("/analytics/anything")).toBe("es");
    expect(defaultStaffLocale("/crm")).toBe("en");
    expect(defaultStaffLocale("/analyticsx")).toBe("en");
  });
});
