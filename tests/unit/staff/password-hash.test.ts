// Password hashes run one at a time per instance, so a burst of sign-ins takes at most one core.
import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, oneHashAtATime, verifyPassword } from "@/lib/staff/password-hash";

describe("password hashing", () => {
  it("never runs two hashes at once, and a failed one does not hold up the next", async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number, fails = false) =>
      oneHashAtATime(async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        if (fails) throw new Error(`hash ${n} failed`);
        return n;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4)]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
  });

  it("hashes with argon2id and checks against hashes made elsewhere", async () => {
    const stored = await hashPassword("a long enough password");
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, "a long enough password")).toBe(true);
    expect(await verifyPassword(await hash("another one"), "another one")).toBe(true);
    expect(await verifyPassword(stored, "wrong")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});
