import "server-only";
import {
  type CounterSlice,
  deleteCountersBefore,
  readSlices,
  releaseCounterSlot,
  takeCounterSlot,
} from "./rate-limit.repo";

/**
 * The one limiter of the app. State lives in PostgreSQL so every instance agrees, and a hit is
 * checked and counted in one statement, so a burst of parallel requests cannot overshoot `max`.
 * The window slides in slices of a tenth of its length: a hit stops counting within one slice of
 * leaving the window.
 */
export interface LimitRule {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

export type LimitCheck =
  | { isLimited: false; count: number }
  | { isLimited: true; count: number; retryAfterSeconds: number };

const SLICES_PER_WINDOW = 10;

function slicesOf(rule: LimitRule, now: Date) {
  const sliceMs = Math.max(1000, Math.floor(rule.windowMs / SLICES_PER_WINDOW));
  return {
    sliceStart: new Date(Math.floor(now.getTime() / sliceMs) * sliceMs),
    windowOpensAfter: new Date(now.getTime() - rule.windowMs),
  };
}

/** Takes one slot of `rule` when one is free (atomically); otherwise says how long to wait. */
export async function takeLimit(rule: LimitRule, now = new Date()): Promise<LimitCheck> {
  const taken = await takeCounterSlot({ ...rule, ...slicesOf(rule, now) });
  if ("total" in taken) return { isLimited: false, count: taken.total };
  return limited(rule, now, taken.slices);
}

/** Gives a slot back (it was taken for an attempt that turned out not to count). */
export async function releaseLimit(rule: LimitRule, now = new Date()): Promise<void> {
  await releaseCounterSlot(rule.bucket, rule.key, slicesOf(rule, now).sliceStart);
}

/** How full `rule` is, without taking a slot. */
export async function peekLimit(rule: LimitRule, now = new Date()): Promise<LimitCheck> {
  const slices = await readSlices(rule.bucket, rule.key, slicesOf(rule, now).windowOpensAfter);
  const count = slices.reduce((sum, slice) => sum + slice.count, 0);
  if (count < rule.max) return { isLimited: false, count };
  return limited(rule, now, slices);
}

/** When enough of the oldest hits (`slices`, oldest first) leave the window for one more to fit. */
function limited(rule: LimitRule, now: Date, slices: CounterSlice[]): LimitCheck {
  const count = slices.reduce((sum, slice) => sum + slice.count, 0);
  let remaining = count;
  let freesAt = now.getTime() + rule.windowMs;
  for (const slice of slices) {
    remaining -= slice.count;
    if (remaining + 1 <= rule.max) {
      freesAt = slice.start.getTime() + rule.windowMs;
      break;
    }
  }
  return {
    isLimited: true,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
  };
}

const RETENTION_MS = 24 * 60 * 60 * 1000;
let lastPruneAt = 0;

/** Drops slices older than a day, at most once an hour per instance (windows are ≤ a few hours). */
export async function pruneOldHits(now = Date.now()): Promise<void> {
  if (now - lastPruneAt < 60 * 60 * 1000) return;
  lastPruneAt = now;
  await deleteCountersBefore(new Date(now - RETENTION_MS));
}
