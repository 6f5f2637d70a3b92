"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** One kept revision as the studio's endpoints list it (articles' and jobs' alike). */
interface RevisionEntry {
  revision: number;
  edited_by_name: string | null;
  created_at: string;
}

/**
 * An article's or a job's revisions, newest first, with who saved each and when; any of the older ones
 * can be restored when `canRestore` (the server applies it as a new revision and leaves the status
 * alone). `queryKey` names the record; its current revision is added, so each save asks for the list again.
 */
export function StudioHistory<T>({
  queryKey,
  revision,
  canRestore,
  load,
  restore: restoreRevision,
  onRestored,
  onError,
}: {
  queryKey: readonly unknown[];
  revision: number;
  canRestore: boolean;
  load: () => Promise<{ data: RevisionEntry[] }>;
  restore: (revision: number) => Promise<T>;
  onRestored: (restored: T, fromRevision: number) => void;
  onError: (error: unknown) => void;
}) {
  const t = useTranslations("ContentStudio");
  const format = useFormatter();
  const history = useQuery({ queryKey: [...queryKey, "revisions", revision], queryFn: load });
  const restore = useMutation({
    mutationFn: restoreRevision,
    onSuccess: (restored, from) => onRestored(restored, from),
    onError,
  });

  return (
    <details className="rounded-2xl border border-border bg-background p-4 sm:p-6">
      <summary className="cursor-pointer font-display text-xl font-semibold">
        {t("history")}
      </summary>
      {history.isPending ? (
        <p className="mt-4 text-sm text-muted" role="status">
          {t("historyLoading")}
        </p>
      ) : history.isError ? (
        <p className="mt-4 text-sm text-red-700 dark:text-red-300" role="alert">
          {t("error", { message: history.error.message })}
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-border">
          {history.data.data.map((entry) => (
            <li key={entry.revision} className="flex flex-wrap items-center gap-3 py-3">
              <span className="min-w-0 flex-1 basis-56 text-sm break-words">
                {t("historyEntry", {
                  revision: entry.revision,
                  date: format.dateTime(new Date(entry.created_at), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }),
                  who: entry.edited_by_name ?? t("system"),
                })}
              </span>
              {canRestore && entry.revision !== revision && (
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate(entry.revision)}
                  aria-label={t("restoreRevision", { revision: entry.revision })}
                >
                  {t("restore")}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
