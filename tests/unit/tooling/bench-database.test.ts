// The benches run on a PostgreSQL server when one is given, and on the embedded one otherwise: with
// neither variable set, they must not invent a server (process.env would store "undefined").
import { afterEach, describe, expect, it } from "vitest";
import { usesDatabaseServer } from "@/bench/lib/bench-harness";

const saved = { test: process.env.TEST_DATABASE_URL, bench: process.env.BENCH_DATABASE_URL };
afterEach(() => {
  for (const [key, value] of [
    ["TEST_DATABASE_URL", saved.test],
    ["BENCH_DATABASE_URL", saved.bench],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
});

describe("usesDatabaseServer", () => {
  it("uses the embedded database when no server is given", () => {
    delete process.env.TEST_DATABASE_URL;
    delete process.env.BENCH_DATABASE_URL;
    expect(usesDatabaseServer()).toBe(false);
    expect(process.env.TEST_DATABASE_URL).toBeUndefined();
  });

  it("takes BENCH_DATABASE_URL when TEST_DATABASE_URL is not set", () => {
    delete process.env.TEST_DATABASE_URL;
    process.env.BENCH_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres";
    expect(usesDatabaseServer()).toBe(true);
    expect(process.env.TEST_DATABASE_URL).toBe("postgresql://postgres@127.0.0.1:5432/postgres");
  });
});
