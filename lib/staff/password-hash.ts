import "server-only";
import { hash, verify } from "@node-rs/argon2";

/**
 * Runs `work` after every password hash started before it has finished. An argon2id hash takes a core
 * for tens of milliseconds; a burst of sign-ins from unknown browsers (up to the global budget at once)
 * would otherwise take every core for a while, and every other request of the instance would wait.
 * One at a time, a hash flood costs at most one core and the rest keeps answering.
 */
export function oneHashAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}
let queue: Promise<unknown> = Promise.resolve();

/** argon2id with the library's defaults (the stored hashes say their own parameters). */
export const hashPassword = (password: string) => oneHashAtATime(() => hash(password));

/** Whether `password` matches `stored`; a malformed stored hash is a mismatch, not an error. */
export const verifyPassword = (stored: string, password: string) =>
  oneHashAtATime(() => verify(stored, password).catch(() => false));
