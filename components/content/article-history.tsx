"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ArticleDto } from "@/lib/content/article.service";
import { studioApi } from "./content-api";

/** The studio's query keys for an article's revisions: a new revision number asks for the list again. */
const historyKey = (id: string, revision: number) =>
  ["content", "article", id, "revisions", revision] as const;

/**
 * An article's revisions, newest first, with who saved each and when; any of the older ones can be
 * restored (the server applies it as a new revision and leaves the status alone).
 */
export function ArticleHistory({
  article,
  onRestored,
  onError,
}: {
  article: ArticleDto;
  onRestored: (restored: ArticleDto, fromRevision: number) => void;
  onError: (error: unknown) => void;
}) {
  const t = useTranslations("ContentStudio");
  const format = useFormatter();
  const history = useQuery({
    queryKey: historyKey(article.id, article.revision),
    queryFn: () => studioApi.revisions(article.id),
  });
  const restore = useMutation({
    mutationFn: (revision: number) => studioApi.restore(article.id, revision),
    onSuccess: (restored, revision) => onRestored(restored, revision),
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
              {entry.revision !== article.revision && (
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
