"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslations } from "next-intl";
import { listLeads, listProposals } from "@/lib/api-docs/endpoints";
import { callEndpoint } from "@/lib/http/contract-client";
import type { StaffNavItem } from "@/lib/staff/staff-nav";

/** Shown per group: the palette finds things, the lists behind it browse them. */
const PER_GROUP = 5;
/** A search waits this long after the last key, so typing a name costs one request per list. */
const DEBOUNCE_MS = 200;
const PROPOSAL_STATUSES = ["draft", "shared", "viewed", "signed", "expired", "withdrawn"] as const;

interface Item {
  id: string;
  href: string;
  label: string;
  detail?: string;
}

/** Case and accents ignored, as the server's searches ignore them. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The command palette (WAI-ARIA combobox with a grouped listbox): a staff page, a lead or a stored
 * proposal by name. Leads and proposals come from the lists' own searches (GET /api/crm/leads?q=,
 * GET /api/crm/proposals?q=), so the role's visibility rules apply unchanged.
 */
export function CommandPalette({ nav, onClose }: { nav: StaffNavItem[]; onClose: () => void }) {
  const t = useTranslations("Staff.Palette");
  const tNav = useTranslations("Staff.Nav");
  const tMenu = useTranslations("Staff.Menu");
  const tNotifications = useTranslations("Notifications");
  const tStatus = useTranslations("ProposalsList.status");
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const isSearching = term.length >= 2;
  const leads = useQuery({
    queryKey: ["palette", "leads", term],
    queryFn: ({ signal }) => callEndpoint(listLeads, { query: { q: term } }, { signal }),
    enabled: isSearching,
    staleTime: 30_000,
  });
  const proposals = useQuery({
    queryKey: ["palette", "proposals", term],
    queryFn: ({ signal }) => callEndpoint(listProposals, { query: { q: term } }, { signal }),
    enabled: isSearching,
    staleTime: 30_000,
  });

  const pages: Item[] = [
    ...nav.map((item) => ({ id: `page-${item.key}`, href: item.href, label: tNav(item.key) })),
    { id: "page-notifications", href: "/crm/notifications", label: tNotifications("link") },
    { id: "page-account", href: "/crm/account", label: tMenu("account") },
  ].filter((page) => fold(page.label).includes(fold(text.trim())));
  const leadItems: Item[] = isSearching
    ? (leads.data?.leads ?? []).slice(0, PER_GROUP).map((lead) => ({
        id: `lead-${lead.id}`,
        href: `/crm/leads/${lead.id}`,
        label: lead.name || lead.email || lead.company || t("unnamed"),
        detail: [lead.company, lead.email].filter(Boolean).join(" · ") || undefined,
      }))
    : [];
  const proposalItems: Item[] = isSearching
    ? (proposals.data?.data ?? []).slice(0, PER_GROUP).map((proposal) => ({
        id: `proposal-${proposal.id}`,
        href: `/proposal/db/${proposal.id}`,
        label: proposal.title,
        detail: [
          proposal.lead?.name,
          (PROPOSAL_STATUSES as readonly string[]).includes(proposal.status)
            ? tStatus(proposal.status as (typeof PROPOSAL_STATUSES)[number])
            : proposal.status,
        ]
          .filter(Boolean)
          .join(" · "),
      }))
    : [];
  const groups = [
    { key: "pages", items: pages },
    { key: "leads", items: leadItems },
    { key: "proposals", items: proposalItems },
  ] as const;
  const items = groups.flatMap((group) => group.items);
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));
  const activeItem = items[activeIndex];
  const isLoading = isSearching && (leads.isFetching || proposals.isFetching);
  const hasFailed = isSearching && (leads.isError || proposals.isError);

  function go(item: Item | undefined) {
    if (!item) return;
    router.push(item.href);
    onClose();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: activeIndex >= last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex <= 0 ? last : activeIndex - 1,
    };
    if (event.key in moves && items.length > 0) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(activeItem);
    }
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Tab") {
      // A modal dialog keeps the focus inside it.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>("input, button");
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  let status: ReactNode = t("count", { count: items.length });
  if (isLoading) status = t("searching");
  else if (hasFailed) status = t("failed");
  else if (items.length === 0) status = t("noResults");

  // Into the body: the header's backdrop blur would otherwise hold a fixed overlay inside the header.
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-start justify-center bg-black/40 px-3 pt-[10vh]"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onDialogKeyDown}
        className="flex max-h-[75dvh] w-full max-w-xl flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-2xl"
      >
        <div className="flex items-center gap-2 border-b border-border px-3">
          <h2 id={`${id}-title`} className="sr-only">
            {t("title")}
          </h2>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5 shrink-0 text-muted"
            fill="none"
          >
            <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth="2" />
            <path d="m16 16 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            autoFocus
            type="text"
            role="combobox"
            aria-label={t("inputLabel")}
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeItem ? `${id}-${activeItem.id}` : undefined}
            placeholder={t("placeholder")}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onInputKeyDown}
            className="min-w-0 flex-1 bg-transparent py-3 text-base outline-none"
          />
          <button
            type="button"
            onClick={onClose}
            className="shrink-0 rounded-md px-2 py-1 text-sm text-muted hover:text-foreground"
          >
            {t("close")}
          </button>
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label={t("resultsLabel")}
          className="overflow-y-auto p-2"
        >
          {groups.map(
            (group) =>
              group.items.length > 0 && (
                <div key={group.key} role="group" aria-labelledby={`${id}-group-${group.key}`}>
                  <div
                    id={`${id}-group-${group.key}`}
                    role="presentation"
                    className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                  >
                    {t(`groups.${group.key}`)}
                  </div>
                  {group.items.map((item) => {
                    const isActive = item === activeItem;
                    return (
                      <div
                        key={item.id}
                        id={`${id}-${item.id}`}
                        role="option"
                        aria-selected={isActive}
                        data-href={item.href}
                        onMouseMove={() => setActive(items.indexOf(item))}
                        onClick={() => go(item)}
                        className="cursor-pointer rounded-lg px-2 py-2 text-sm aria-selected:bg-surface-strong"
                      >
                        <span className="block font-medium break-words">{item.label}</span>
                        {item.detail && (
                          <span className="block text-xs break-words text-muted">
                            {item.detail}
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              ),
          )}
        </div>
        <p role="status" className="border-t border-border px-3 py-2 text-xs text-muted">
          {status}
          {text.trim().length === 1 && ` · ${t("typeMore")}`}
        </p>
      </div>
    </div>,
    document.body,
  );
}
