"use client";

import { useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { DealValueText } from "@/components/crm/deal-value";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  PROPOSAL_STATUSES,
  type ProposalListItemDto,
  type ProposalPageDto,
} from "@/lib/proposals/proposal.schema";
import type { StaffDirectoryEntryDto } from "@/lib/staff/account-directory.schema";
import type { ProposalListParams } from "./proposal-staff-api";
import { useProposalList } from "./proposal-queries";

/** Keeps the filters in the address, so a reload or a shared link opens the same list. */
function writeUrl(params: ProposalListParams) {
  const url = new URL(window.location.href);
  for (const key of ["status", "author", "q"] as const) {
    const value = params[key];
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(null, "", url);
}

/** `/crm/proposals`: every stored proposal the session may see, filtered by status, author and words. */
export function ProposalsList({
  initialParams,
  initialPage,
  directory,
  viewerId,
}: {
  initialParams: ProposalListParams;
  initialPage: ProposalPageDto;
  directory: StaffDirectoryEntryDto[];
  viewerId: string;
}) {
  const t = useTranslations("ProposalsList");
  const format = useFormatter();
  const [params, setParams] = useState(initialParams);
  const [query, setQuery] = useState(initialParams.q ?? "");
  const list = useProposalList(params, { params: initialParams, page: initialPage });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];

  function change(next: ProposalListParams) {
    setParams(next);
    writeUrl(next);
  }
  function search(event: FormEvent) {
    event.preventDefault();
    change({ ...params, q: query.trim() || undefined });
  }

  const date = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "medium" }) : t("none");
  const authorOf = (row: ProposalListItemDto) => row.author?.name ?? t("noAuthor");
  const clientOf = (row: ProposalListItemDto) =>
    row.client_named ? row.client_name : t("unnamedClient");
  const valueOf = (row: ProposalListItemDto) => (
    <DealValueText value={row.value && { ...row.value, source: "proposal" }} />
  );
  const others = directory.filter((person) => person.id !== viewerId);
  const cell = "border-b border-border px-3 py-2 text-left align-top";

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label={t("filtersLabel")}
        onSubmit={search}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_minmax(0,1fr)]"
      >
        <label className="space-y-1 text-sm font-medium">
          <span className="block">{t("statusLabel")}</span>
          <Select
            value={params.status ?? ""}
            onChange={(event) => change({ ...params, status: event.target.value || undefined })}
          >
            <option value="">{t("anyStatus")}</option>
            {PROPOSAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-sm font-medium">
          <span className="block">{t("authorLabel")}</span>
          <Select
            value={params.author ?? ""}
            onChange={(event) => change({ ...params, author: event.target.value || undefined })}
          >
            <option value="">{t("anyAuthor")}</option>
            <option value="me">{t("me")}</option>
            {others.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </label>
        <div className="space-y-1 text-sm font-medium sm:col-span-2 lg:col-span-1">
          <label htmlFor="proposals-q" className="block">
            {t("searchLabel")}
          </label>
          <div className="flex gap-2">
            <Input
              id="proposals-q"
              type="search"
              value={query}
              placeholder={t("searchHint")}
              maxLength={100}
              onChange={(event) => setQuery(event.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="secondary" size="sm" className="shrink-0">
              {t("searchButton")}
            </Button>
          </div>
        </div>
      </form>

      {list.isError && rows.length === 0 ? (
        <div role="alert" className="space-y-2 rounded-xl border border-red-300 p-4 text-sm">
          <p>{t("loadError")}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted" role="status">
          {list.isFetching ? t("loading") : t("empty")}
        </p>
      ) : (
        <>
          {/* Phones: one stacked card per proposal. */}
          <ul aria-label={t("listLabel")} className="space-y-3 md:hidden">
            {rows.map((row) => (
              <li
                key={row.id}
                data-proposal={row.id}
                className="space-y-1 rounded-xl border border-border bg-background p-3 text-sm"
              >
                <IntentLink
                  href={`/proposal/db/${row.id}`}
                  className="block font-semibold break-words text-highlight underline-offset-4 hover:underline"
                >
                  {row.title || clientOf(row)}
                </IntentLink>
                <p className="break-words text-muted">
                  {clientOf(row)} · {row.lead?.name ?? t("noLead")}
                </p>
                <p className="flex flex-wrap gap-x-3 gap-y-1">
                  <span data-status={row.status} className="font-medium">
                    {t(`status.${row.status}`)}
                  </span>
                  {valueOf(row)}
                </p>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-muted">
                  <dt>{t("author")}</dt>
                  <dd className="break-words">{authorOf(row)}</dd>
                  <dt>{t("shared")}</dt>
                  <dd>{date(row.shared_at)}</dd>
                  <dt>{t("expires")}</dt>
                  <dd>{date(row.expires_at)}</dd>
                  <dt>{t("signed")}</dt>
                  <dd>{date(row.signed_at)}</dd>
                </dl>
              </li>
            ))}
          </ul>
          {/* Wide screens: a table. */}
          <div className="hidden rounded-2xl border border-border bg-background md:block">
            <table className="w-full border-collapse text-sm" aria-label={t("listLabel")}>
              <thead>
                <tr>
                  {(
                    [
                      "proposal",
                      "statusLabel",
                      "lead",
                      "author",
                      "value",
                      "shared",
                      "expires",
                      "signed",
                    ] as const
                  ).map((key) => (
                    <th key={key} scope="col" className={`${cell} font-semibold`}>
                      {t(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-proposal={row.id}>
                    <th scope="row" className={`${cell} font-medium`}>
                      <IntentLink
                        href={`/proposal/db/${row.id}`}
                        className="break-words text-highlight underline-offset-4 hover:underline"
                      >
                        {row.title || clientOf(row)}
                      </IntentLink>
                      <span className="block font-normal break-words text-muted">
                        {clientOf(row)}
                      </span>
                    </th>
                    <td className={cell} data-status={row.status}>
                      {t(`status.${row.status}`)}
                    </td>
                    <td className={`${cell} break-words`}>{row.lead?.name ?? t("noLead")}</td>
                    <td className={`${cell} break-words`}>{authorOf(row)}</td>
                    <td className={cell}>{valueOf(row)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{date(row.shared_at)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{date(row.expires_at)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{date(row.signed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              isBusy={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t("showMore")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
