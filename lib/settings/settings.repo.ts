import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The stored JSON of one setting, or null when nobody has changed it (callers supply the default). */
export async function selectSetting(key: string): Promise<unknown> {
  const row = await db.setting.findUnique({ where: { key }, select: { value: true } });
  return row ? row.value : null;
}

export async function upsertSetting(
  key: string,
  value: Prisma.InputJsonValue,
  updatedBy: string | null,
): Promise<void> {
  await db.setting.upsert({
    where: { key },
    create: { key, value, updatedBy },
    update: { value, updatedBy },
  });
}
