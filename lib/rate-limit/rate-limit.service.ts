import "server-only";
import { countAndRecordHit, countHitsSince, deleteHitsBefore, recordHits } from "./rate-limit.repo";

export interface LimitRule {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

export type LimitCheck =
  | { isLimited: false; count: number }
  | { isLimited: true; count: number; retryAfterSeconds: number };

/** Whether `rule` is already exhausted; state lives in PostgreSQL so every app instance agrees. */
export async function checkLimit(rule: LimitRule, now = new Date()): Promise<LimitCheck> {
  const { count, oldest } = await countHitsSince(
    rule.bucket,
    rule.key,
    new Date(now.getTime() - rule.windowMs),
  );
  if (count < rule.max) return { isLimited: false, count };
  const freesAt = (oldest?.getTime() ?? now.getTime()) + rule.windowMs;
  return {
    isLimited: true,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
  };
}

/** checkLimit and, when not limited, recordHit for the same rule, in one database round trip. */
export async function takeLimit(rule: LimitRule, now = new Date()): Promise<LimitCheck> {
  const { count, oldest } = await countAndRecordHit(
    rule.bucket,
    rule.key,
    new Date(now.getTime() - rule.windowMs),
    rule.max,
  );
  if (count < rule.max) return { isLimited: false, count };
  const freesAt = (oldest?.getTime() ?? now.getTime()) + rule.windowMs;
  return {
    isLimited: true,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
  };
}

export async function recordHit(...rules: Pick<LimitRule, "bucket" | "key">[]): Promise<void> {
  await recordHits(rules.map(({ bucket, key }) => ({ bucket, key })));
}

const RETENTION_MS = 24 * 60 * 60 * 1000;
let lastPruneAt = 0;

/** Drops hits older than a day, at most once an hour per instance. */
export async function pruneOldHits(now = Date.now()): Promise<void> {
  if (now - lastPruneAt < 60 * 60 * 1000) return;
  lastPruneAt = now;
  await deleteHitsBefore(new Date(now - RETENTION_MS));
}
