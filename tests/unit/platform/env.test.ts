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
  it("gives development documented defaults for the staff password and session secret", () => {
    const env = parseServerEnv({ NODE_ENV: "development", DATABASE_URL });
    expect(env.CRM_PASSWORD).toBe(DEV_DEFAULTS.CRM_PASSWORD);
    expect(env.SESSION_SECRET).toBe(DEV_DEFAULTS.SESSION_SECRET);
  });

  it("refuses production without secrets, naming each missing one", () => {
    expect(() => parseServerEnv({ NODE_ENV: "production", DATABASE_URL })).toThrow(EnvError);
    expect(listMissingProductionSecrets({})).toEqual([
      expect.stringContaining("CRM_PASSWORD"),
      expect.stringContaining("SESSION_SECRET"),
    ]);
  });

  it("accepts production with either a plain password or an argon2id hash", () => {
    expect(
      parseServerEnv({
        NODE_ENV: "production",
        DATABASE_URL,
        CRM_PASSWORD: "s3cret",
        SESSION_SECRET: SECRET,
      }).CRM_PASSWORD,
    ).toBe("s3cret");
    const withHash = parseServerEnv({
      NODE_ENV: "production",
      DATABASE_URL,
      CRM_PASSWORD_HASH: "$argon2id$v=19$m=19456,t=2,p=1$abc$def",
      SESSION_SECRET: SECRET,
    });
    expect(withHash.CRM_PASSWORD).toBeUndefined();
  });

  it("never falls back to the dev password when a hash is configured", () => {
    const env = parseServerEnv({
      NODE_ENV: "development",
      DATABASE_URL,
      CRM_PASSWORD_HASH: "$argon2id$v=19$m=19456,t=2,p=1$abc$def",
    });
    expect(env.CRM_PASSWORD).toBeUndefined();
  });

  it("explains a bad value instead of starting with it", () => {
    expect(() => parseServerEnv({ DATABASE_URL: "mysql://nope" })).toThrow(/postgresql:\/\//);
    expect(() => parseServerEnv({ DATABASE_URL, SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => parseServerEnv({ DATABASE_URL, CRM_PASSWORD_HASH: "plain" })).toThrow(/argon2id/);
    expect(() => parseServerEnv({})).toThrow(/DATABASE_URL is not set/);
  });

  it("treats blank values as unset", () => {
    expect(listMissingProductionSecrets({ CRM_PASSWORD: "  ", SESSION_SECRET: "" })).toHaveLength(
      2,
    );
  });
});
