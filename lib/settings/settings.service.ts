import "server-only";
import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { selectSetting, upsertSetting } from "./settings.repo";
import {
  DEFAULT_STAGE_PROBABILITY,
  STAGE_PROBABILITY_KEY,
  ZStageProbability,
  type TStageProbability,
} from "./stage-probability";

/**
 * Settings staff change at run time live in PostgreSQL, one JSON value per key, so every app instance reads
 * the same. A stored value that no longer fits its schema (an older shape) falls back to the default.
 */
export async function readSetting<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const stored = await selectSetting(key);
  if (stored === null) return fallback;
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : fallback;
}

export async function writeSetting<T extends Prisma.InputJsonValue>(
  key: string,
  value: T,
  updatedBy: string | null,
): Promise<T> {
  await upsertSetting(key, value, updatedBy);
  return value;
}

/** Each stage's chance of winning in percent (lib/settings/stage-probability.ts), or the defaults. */
export function readStageProbability(): Promise<TStageProbability> {
  return readSetting(STAGE_PROBABILITY_KEY, ZStageProbability, { ...DEFAULT_STAGE_PROBABILITY });
}

export function writeStageProbability(value: TStageProbability, updatedBy: string | null) {
  return writeSetting(STAGE_PROBABILITY_KEY, value, updatedBy);
}
