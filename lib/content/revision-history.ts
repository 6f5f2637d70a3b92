import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** One kept revision of an article or a job, as the studio's history lists it. */
export interface RevisionDto {
  revision: number;
  edited_by: string | null;
  edited_by_name: string | null;
  created_at: string;
  snapshot: Prisma.JsonValue;
}

/** Revisions with the name of who saved each (null for the migration's and the scheduler's). */
export async function withEditorNames(
  rows: {
    revision: number;
    editedBy: string | null;
    createdAt: Date;
    snapshot: Prisma.JsonValue;
  }[],
): Promise<RevisionDto[]> {
  const editors = await db.staffAccount.findMany({
    where: { id: { in: rows.flatMap((row) => (row.editedBy ? [row.editedBy] : [])) } },
    select: { id: true, name: true },
  });
  const names = new Map(editors.map((editor) => [editor.id, editor.name]));
  return rows.map((row) => ({
    revision: row.revision,
    edited_by: row.editedBy,
    edited_by_name: row.editedBy ? (names.get(row.editedBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    snapshot: row.snapshot,
  }));
}
