import { describe, expect, it } from "vitest";
import {
  DEV_DEFAULTS,
  EnvError,
  listMissingProductionSecrets,
  parseServerEnv,
} from "@/lib/env.schema";

const DATABASE_URL = "postgresql://app@127.0.0.1:5432/app";
const SECRET = "x".repeat(40);

describe("server environment", () => {
  it("gives development a documented default session secret", () => {
    const env = parseServerEnv({ NODE_ENV: "development", DATABASE_URL });
    expect(env.SESSION_SECRET).toBe(DEV_DEFAULTS.SESSION_SECRET);
  });

  it("refuses production without the session secret, naming it", () => {
    expect(() => parseServerEnv({ NODE_ENV: "production", DATABASE_URL })).toThrow(EnvError);
    expect(listMissingProductionSecrets({})).toEqual([expect.stringContaining("SESSION_SECRET")]);
  });

  it("no longer knows a shared staff password: staff sign in with their own accounts", () => {
    const env = parseServerEnv({ NODE_ENV: "production", DATABASE_URL, SESSION_SECRET: SECRET });
    expect(env).not.toHaveProperty("CRM_PASSWORD");
    expect(env).not.toHaveProperty("CRM_PASSWORD_HASH");
  });

  it("checks the first owner's bootstrap settings", () => {
    expect(() => parseServerEnv({ DATABASE_URL, STAFF_OWNER_EMAIL: "not-an-email" })).toThrow(
      /STAFF_OWNER_EMAIL/,
    );
    expect(() => parseServerEnv({ DATABASE_URL, STAFF_OWNER_PASSWORD: "short" })).toThrow(
      /at least 10/,
    );
  });

  it("explains a bad value instead of starting with it", () => {
    expect(() => parseServerEnv({ DATABASE_URL: "mysql://nope" })).toThrow(/postgresql:\/\//);
    expect(() => parseServerEnv({ DATABASE_URL, SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => parseServerEnv({})).toThrow(/DATABASE_URL is not set/);
  });

  it("treats blank values as unset", () => {
    expect(listMissingProductionSecrets({ SESSION_SECRET: "  " })).toHaveLength(1);
  });
});
