"use client";

import { useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { getLead } from "@/lib/api-docs/endpoints";
import { callEndpoint } from "@/lib/http/contract-client";
import {
  ZProposalData,
  type ComparisonRow,
  type ProposalData,
  type ProposalLang,
  type ProposalStatus,
  type StaffProposalDto,
} from "@/lib/proposals/proposal.schema";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ApiError } from "@/lib/http/api-client";
import { BUILDER_DEFAULT } from "@/lib/proposals/sample-proposals";
import { ListEditor, TextField } from "./builder-fields";
import { parseLocalProposal } from "./parse-local-proposal";
import "./proposal-builder.css";
import { proposalStaffApi } from "./proposal-staff-api";
import {
  DRAFT_PREFIX,
  LOCAL_PROPOSAL_PREFIX,
  readDraftMeta,
  saveLocalProposal,
  type DraftMeta,
} from "./proposal-storage";

type Notice = { tone: "info" | "error"; text: string } | null;

/** A stored proposal the builder is editing: its client link and whether that link is open yet. */
interface StoredState {
  id: string;
  status: ProposalStatus;
  url: string;
  token: string;
  expires_at: string | null;
  version: number;
}

interface Initial {
  data: ProposalData;
  meta: DraftMeta;
  notice: Notice;
  stored?: StoredState;
}

const storedStateOf = (proposal: StaffProposalDto): StoredState => ({
  id: proposal.id,
  status: proposal.status,
  url: proposal.url,
  token: proposal.token,
  expires_at: proposal.expires_at,
  version: proposal.version,
});

/** A stored proposal opened for editing: its own content, lead and link. */
export function initialFromStored(proposal: StaffProposalDto): Initial {
  const other = proposal.translations[proposal.data.lang === "es" ? "en" : "es"];
  return {
    data: proposal.data,
    meta: { storedId: proposal.id, leadId: proposal.lead_id ?? undefined, translation: other },
    notice: null,
    stored: storedStateOf(proposal),
  };
}

/** Nothing to propose: no client to address it to and nothing offered (the server refuses it too). */
const isEmptyProposal = (data: ProposalData) =>
  data.client.name.trim() === "" &&
  data.investment.subtotal.trim() === "" &&
  [...data.investment.items, ...data.investment.monthly].every(
    (item) => item.label.trim() === "" && item.amount.trim() === "",
  );

/** Client facts are one set for both languages; only the texts are translated. */
const withClientOf = (source: ProposalData, target: ProposalData): ProposalData => ({
  ...target,
  client: { ...source.client },
});

/** Where the builder starts: the draft named by `?from=` when it exists, else the default sample. */
export function initialState(
  fromKey: string | null,
  t: ReturnType<typeof useTranslations<"ProposalBuilder">>,
): Initial {
  if (fromKey) {
    const isOurKey = fromKey.startsWith(DRAFT_PREFIX) || fromKey.startsWith(LOCAL_PROPOSAL_PREFIX);
    const data = isOurKey ? parseLocalProposal(localStorage.getItem(fromKey)) : null;
    if (data) {
      const meta = readDraftMeta(fromKey);
      const translation = meta.translation
        ? parseLocalProposal(JSON.stringify(meta.translation))
        : null;
      return {
        data,
        meta: { ...meta, translation: translation ?? undefined },
        notice: { tone: "info", text: t("draftLoaded") },
      };
    }
    return {
      data: BUILDER_DEFAULT.es,
      meta: {},
      notice: { tone: "error", text: t("draftMissing") },
    };
  }
  return { data: BUILDER_DEFAULT.es, meta: {}, notice: null };
}

const tidy = (data: ProposalData): ProposalData => ({
  ...data,
  timeline: data.timeline.map((phase) => ({
    ...phase,
    activities: phase.activities.map((a) => a.trim()).filter(Boolean),
  })),
});

/**
 * `/proposal/new`: a form for every field of the proposal data. Its one primary action stores the proposal
 * in the CRM (and later saves go to that same proposal); keeping it in this browser only is the secondary one.
 */
export function ProposalBuilder({ initial }: { initial: Initial }) {
  const t = useTranslations("ProposalBuilder");
  const tStore = useTranslations("ProposalStore");
  const router = useRouter();
  const [mainData, setMainData] = useState<ProposalData>(initial.data);
  // The same proposal in the other language; null keeps it single-language (the client sees no toggle).
  const [translation, setTranslation] = useState<ProposalData | null>(
    initial.meta.translation?.lang && initial.meta.translation.lang !== initial.data.lang
      ? withClientOf(initial.data, initial.meta.translation)
      : null,
  );
  const [stored, setStored] = useState<StoredState | null>(initial.stored ?? null);
  const [existingId, setExistingId] = useState<string | null>(null);
  const [isSharing, setIsSharing] = useState(false);
  const conflictDialog = useRef<HTMLDialogElement>(null);
  const [isEditingTranslation, setIsEditingTranslation] = useState(false);
  const [meta, setMeta] = useState<DraftMeta>(initial.meta);
  // Every field below edits whichever language is open.
  const data = isEditingTranslation && translation ? translation : mainData;
  const setData = (update: (current: ProposalData) => ProposalData) =>
    isEditingTranslation && translation
      ? setTranslation((current) => (current ? update(current) : current))
      : setMainData(update);
  const [notice, setNotice] = useState<Notice>(initial.notice);
  const [isSaving, setIsSaving] = useState(false);

  const set = <K extends keyof ProposalData>(key: K, value: ProposalData[K]) =>
    setData((current) => ({ ...current, [key]: value }));
  // Client facts are shared by both languages: a change in either reads the same in the other.
  const setClient = (key: keyof ProposalData["client"], value: string) => {
    const update = (current: ProposalData) => ({
      ...current,
      client: { ...current.client, [key]: value },
    });
    setMainData(update);
    setTranslation((current) => (current ? update(current) : current));
  };
  const setInvestment = <K extends keyof ProposalData["investment"]>(
    key: K,
    value: ProposalData["investment"][K],
  ) => setData((current) => ({ ...current, investment: { ...current.investment, [key]: value } }));
  const mvp = data.mvp ?? { timeline: [], scope: [], comparison: [] };
  const setMvp = <K extends keyof typeof mvp>(key: K, value: (typeof mvp)[K]) =>
    setData((current) => ({ ...current, mvp: { ...mvp, [key]: value } }));

  const otherLang: ProposalLang = mainData.lang === "es" ? "en" : "es";

  function switchLanguage() {
    // An untouched sample switches its content too; anything typed stays as typed.
    const isUntouchedSample =
      JSON.stringify(mainData) === JSON.stringify(BUILDER_DEFAULT[mainData.lang]);
    setMainData(isUntouchedSample ? BUILDER_DEFAULT[otherLang] : { ...mainData, lang: otherLang });
  }

  /** Starts the other language from the sample when nothing was typed, else from a copy to translate. */
  function addTranslation() {
    const isUntouchedSample =
      JSON.stringify(mainData) === JSON.stringify(BUILDER_DEFAULT[mainData.lang]);
    setTranslation(
      withClientOf(
        mainData,
        isUntouchedSample ? BUILDER_DEFAULT[otherLang] : { ...tidy(mainData), lang: otherLang },
      ),
    );
    setIsEditingTranslation(true);
  }

  function removeTranslation() {
    setTranslation(null);
    setIsEditingTranslation(false);
  }

  function generate() {
    const key = saveLocalProposal(LOCAL_PROPOSAL_PREFIX, tidy(mainData), {
      ...meta,
      translation: translation ? tidy(withClientOf(mainData, translation)) : undefined,
    });
    router.push(`/proposal/view/${key}`);
  }

  const isEmpty = isEmptyProposal(mainData);
  const leadName = useLeadName(meta.leadId);

  /** Stores the proposal: the first time as a new one (a second for its lead only when `another`), then as new versions of it. */
  async function saveToCrm(another = false) {
    if (isEmpty) return setNotice({ tone: "error", text: tStore("emptyRefused") });
    const parsed = ZProposalData.safeParse(tidy(mainData));
    const parsedTranslation = translation
      ? ZProposalData.safeParse(tidy(withClientOf(mainData, translation)))
      : null;
    const failure = !parsed.success
      ? parsed
      : parsedTranslation?.success === false
        ? parsedTranslation
        : null;
    if (failure?.error) {
      const issue = failure.error.issues[0]!;
      return setNotice({
        tone: "error",
        text: t("saveFailed", { reason: `${issue.path.join(".")}: ${issue.message}` }),
      });
    }
    if (!parsed.success) return;
    // Always sent, so an update of a proposal made single-language also drops its old other language.
    const translations = parsedTranslation?.success
      ? { [parsedTranslation.data.lang]: parsedTranslation.data }
      : {};
    setIsSaving(true);
    setNotice(null);
    try {
      const id = meta.storedId
        ? (await proposalStaffApi.update(meta.storedId, parsed.data, translations)).id
        : (await proposalStaffApi.create(parsed.data, meta.leadId, translations, another)).id;
      const saved = await proposalStaffApi.get(id);
      setMeta((current) => ({ ...current, storedId: id }));
      setStored(storedStateOf(saved));
      setNotice({
        tone: "info",
        text: meta.storedId ? tStore("updated", { version: saved.version }) : tStore("stored"),
      });
      // The address names the stored proposal, so a reload edits it rather than a browser copy.
      window.history.replaceState(null, "", `/proposal/new?proposal=${encodeURIComponent(id)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !meta.storedId) {
        const existing = (error.body as { existing_id?: unknown } | undefined)?.existing_id;
        if (typeof existing === "string") {
          setExistingId(existing);
          conflictDialog.current?.showModal();
          return;
        }
      }
      if (error instanceof ApiError && error.status === 409)
        return setNotice({ tone: "error", text: t("signedLocked") });
      setNotice({
        tone: "error",
        text: t("saveFailed", { reason: error instanceof Error ? error.message : String(error) }),
      });
    } finally {
      setIsSaving(false);
    }
  }

  async function share() {
    if (!stored) return;
    setIsSharing(true);
    try {
      const shared = await proposalStaffApi.share(stored.id);
      setStored({ ...stored, ...shared });
      // "Not shared yet" no longer holds; the panel says what the link is now.
      setNotice(null);
    } catch (error) {
      setNotice({
        tone: "error",
        text: t("saveFailed", { reason: error instanceof Error ? error.message : String(error) }),
      });
    } finally {
      setIsSharing(false);
    }
  }

  const section = (title: string, children: ReactNode) => (
    <section className="space-y-4 rounded-2xl border border-border bg-background p-5">
      <h2 className="font-display text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
  const comparisonEditor = (
    legend: string,
    rows: ComparisonRow[],
    column: "agent" | "mvp",
    onChange: (rows: ComparisonRow[]) => void,
  ) => (
    <ListEditor
      legend={legend}
      items={rows}
      onChange={onChange}
      makeItem={() => ({ metric: "", baseline: "", [column]: "", delta: "" })}
      renderItem={(row, update) => (
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            label={t("fields.metric")}
            value={row.metric}
            onChange={(metric) => update({ ...row, metric })}
          />
          <TextField
            label={t("fields.baseline")}
            value={row.baseline}
            onChange={(baseline) => update({ ...row, baseline })}
          />
          <TextField
            label={t(`fields.${column}`)}
            value={row[column] ?? ""}
            onChange={(value) => update({ ...row, [column]: value })}
          />
          <TextField
            label={t("fields.delta")}
            value={row.delta}
            onChange={(delta) => update({ ...row, delta })}
          />
        </div>
      )}
    />
  );
  const amountEditor = (
    legend: string,
    rows: { label: string; amount: string }[],
    onChange: (rows: { label: string; amount: string }[]) => void,
  ) => (
    <ListEditor
      legend={legend}
      items={rows}
      onChange={onChange}
      makeItem={() => ({ label: "", amount: "" })}
      renderItem={(row, update) => (
        <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
          <TextField
            label={t("fields.label")}
            value={row.label}
            onChange={(label) => update({ ...row, label })}
          />
          <TextField
            label={t("fields.amount")}
            value={row.amount}
            onChange={(amount) => update({ ...row, amount })}
          />
        </div>
      )}
    />
  );
  const stringList = (
    legend: string,
    label: string,
    rows: string[],
    onChange: (rows: string[]) => void,
  ) => (
    <ListEditor
      legend={legend}
      items={rows}
      onChange={onChange}
      makeItem={() => ""}
      renderItem={(value, update) => (
        <TextField label={label} value={value} onChange={update} isMultiline />
      )}
    />
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-muted">{t("intro")}</p>
      </div>
      {meta.leadId && (
        <p className="text-sm" data-testid="builder-lead">
          {tStore("forLead")}{" "}
          <IntentLink
            href={`/crm/leads/${encodeURIComponent(meta.leadId)}`}
            className="font-medium text-highlight underline underline-offset-4"
          >
            {leadName ?? tStore("theLead")}
          </IntentLink>
        </p>
      )}
      {notice && (
        <div
          role={notice.tone === "error" ? "alert" : "status"}
          className={`rounded-xl border p-4 text-sm ${notice.tone === "error" ? "border-accent text-accent-text" : "border-highlight"}`}
        >
          <p>{notice.text}</p>
        </div>
      )}
      {stored && (
        <section
          aria-label={tStore("storedHeading")}
          className="space-y-2 rounded-xl border border-border bg-background p-4 text-sm"
          data-testid="builder-stored"
        >
          <p>
            <span className="font-semibold">{tStore("storedHeading")}:</span>{" "}
            <span data-testid="builder-stored-status">{tStore(`status.${stored.status}`)}</span>
            {" · "}
            {tStore("version", { version: stored.version })}
          </p>
          <p className="break-words">
            <span className="font-semibold">{t("clientLink")}:</span>{" "}
            {stored.status === "draft" ? (
              <span data-testid="builder-link-state">{tStore("notSharedYet")}</span>
            ) : stored.status === "withdrawn" ? (
              <span data-testid="builder-link-state">{tStore("linkClosed")}</span>
            ) : (
              <a
                href={`/proposals/ai-generated/${stored.token}`}
                className="break-all text-highlight underline underline-offset-4"
                data-testid="builder-client-link"
              >
                {stored.url}
              </a>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {stored.status === "draft" && (
              <Button size="sm" isBusy={isSharing} onClick={() => void share()}>
                {tStore("share")}
              </Button>
            )}
            <IntentLink
              href={`/proposal/db/${encodeURIComponent(stored.id)}`}
              className="inline-flex min-h-9 items-center rounded-full border border-border px-3 py-1.5 font-semibold hover:bg-surface"
            >
              {tStore("openStored")}
            </IntentLink>
          </div>
        </section>
      )}
      <dialog
        ref={conflictDialog}
        aria-labelledby="builder-conflict-title"
        className="m-auto w-[min(32rem,calc(100vw-1rem))] max-w-none rounded-2xl border border-border bg-background p-5 text-foreground backdrop:bg-black/50"
        data-testid="builder-conflict"
      >
        <h2 id="builder-conflict-title" className="font-display text-lg font-semibold">
          {tStore("conflictTitle")}
        </h2>
        <p className="mt-2 text-sm">{tStore("conflictText")}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {existingId && (
            <IntentLink
              href={`/proposal/new?proposal=${encodeURIComponent(existingId)}`}
              className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent hover:brightness-110"
            >
              {tStore("editExisting")}
            </IntentLink>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              conflictDialog.current?.close();
              void saveToCrm(true);
            }}
          >
            {tStore("createAnother")}
          </Button>
          <Button variant="ghost" onClick={() => conflictDialog.current?.close()}>
            {tStore("cancel")}
          </Button>
        </div>
      </dialog>

      <form
        className="space-y-6"
        onFocus={(event) => keepAboveActionBar(event.target)}
        onSubmit={(event) => {
          event.preventDefault();
          void saveToCrm();
        }}
      >
        {section(
          t("sections.general"),
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="font-medium">{t("languageLabel")}:</span>
              <span data-testid="builder-lang">{t(`languageNames.${mainData.lang}`)}</span>
              {!translation && (
                <Button variant="secondary" size="sm" onClick={switchLanguage}>
                  {t(`switchTo.${otherLang}`)}
                </Button>
              )}
            </div>
            <div className="space-y-2 rounded-xl bg-surface p-3 text-sm">
              {translation ? (
                <>
                  <div
                    role="group"
                    aria-label={t("translation.editingLabel")}
                    className="flex flex-wrap items-center gap-2"
                  >
                    <span className="font-medium">{t("translation.editingLabel")}:</span>
                    {[mainData.lang, otherLang].map((lang) => (
                      <Button
                        key={lang}
                        size="sm"
                        variant={data.lang === lang ? "primary" : "secondary"}
                        aria-pressed={data.lang === lang}
                        onClick={() => setIsEditingTranslation(lang !== mainData.lang)}
                      >
                        {t(`languageNames.${lang}`)}
                      </Button>
                    ))}
                    <Button variant="ghost" size="sm" onClick={removeTranslation}>
                      {t("translation.remove", {
                        language: t(`translation.languageInSentence.${otherLang}`),
                      })}
                    </Button>
                  </div>
                  <p className="text-muted">{t("translation.bothNote")}</p>
                </>
              ) : (
                <>
                  <p className="text-muted">
                    {t("translation.singleNote", {
                      language: t(`translation.languageInSentence.${mainData.lang}`),
                    })}
                  </p>
                  <Button variant="secondary" size="sm" onClick={addTranslation}>
                    {t("translation.add", {
                      language: t(`translation.languageInSentence.${otherLang}`),
                    })}
                  </Button>
                </>
              )}
            </div>
            <TextField
              label={t("fields.title")}
              value={data.title}
              onChange={(value) => set("title", value)}
            />
          </>,
        )}
        {section(
          t("sections.client"),
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("fields.clientName")}
              value={data.client.name}
              onChange={(v) => setClient("name", v)}
            />
            <TextField
              label={t("fields.industry")}
              value={data.client.industry}
              onChange={(v) => setClient("industry", v)}
            />
            <TextField
              label={t("fields.country")}
              value={data.client.country}
              onChange={(v) => setClient("country", v)}
            />
            <TextField
              label={t("fields.contactEmail")}
              type="email"
              value={data.client.contactEmail}
              onChange={(v) => setClient("contactEmail", v)}
            />
            <TextField
              label={t("fields.contactId")}
              value={data.client.contactId}
              onChange={(v) => setClient("contactId", v)}
            />
            <TextField
              label={t("fields.logoUrl")}
              type="url"
              value={data.client.logoUrl}
              onChange={(v) => setClient("logoUrl", v)}
            />
          </div>,
        )}
        {section(
          t("sections.kpis"),
          stringList(t("sections.kpis"), t("fields.kpi"), data.kpis, (kpis) => set("kpis", kpis)),
        )}
        {section(
          t("sections.comparison"),
          comparisonEditor(t("sections.comparison"), data.comparison, "agent", (rows) =>
            set("comparison", rows),
          ),
        )}
        {section(
          t("sections.investment"),
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t("fields.currency")}
                value={data.investment.currency}
                onChange={(v) => setInvestment("currency", v)}
              />
              <TextField
                label={t("fields.subtotal")}
                value={data.investment.subtotal}
                onChange={(v) => setInvestment("subtotal", v)}
              />
            </div>
            {amountEditor(t("sections.items"), data.investment.items, (items) =>
              setInvestment("items", items),
            )}
            {amountEditor(t("sections.monthly"), data.investment.monthly, (monthly) =>
              setInvestment("monthly", monthly),
            )}
            {stringList(t("sections.notes"), t("fields.note"), data.investment.notes, (notes) =>
              setInvestment("notes", notes),
            )}
            <TextField
              label={t("fields.totalNotice")}
              value={data.investment.totalNotice}
              onChange={(v) => setInvestment("totalNotice", v)}
              isMultiline
            />
          </>,
        )}
        {section(
          t("sections.timeline"),
          <ListEditor
            legend={t("sections.timeline")}
            items={data.timeline}
            onChange={(timeline) => set("timeline", timeline)}
            makeItem={() => ({ phase: "", duration: "", activities: [] })}
            renderItem={(phase, update) => (
              <div className="grid gap-2 sm:grid-cols-2">
                <TextField
                  label={t("fields.phase")}
                  value={phase.phase}
                  onChange={(value) => update({ ...phase, phase: value })}
                />
                <TextField
                  label={t("fields.duration")}
                  value={phase.duration}
                  onChange={(duration) => update({ ...phase, duration })}
                />
                <div className="sm:col-span-2">
                  <TextField
                    label={t("fields.activities")}
                    value={phase.activities.join("\n")}
                    onChange={(text) => update({ ...phase, activities: text.split("\n") })}
                    isMultiline
                  />
                </div>
              </div>
            )}
          />,
        )}
        {section(
          t("sections.terms"),
          stringList(t("sections.terms"), t("fields.term"), data.terms, (terms) =>
            set("terms", terms),
          ),
        )}
        {section(
          t("sections.legend"),
          <ListEditor
            legend={t("sections.legend")}
            items={data.legend}
            onChange={(legend) => set("legend", legend)}
            makeItem={() => ({ a: "", d: "" })}
            renderItem={(entry, update) => (
              <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
                <TextField
                  label={t("fields.acronym")}
                  value={entry.a}
                  onChange={(a) => update({ ...entry, a })}
                />
                <TextField
                  label={t("fields.description")}
                  value={entry.d}
                  onChange={(d) => update({ ...entry, d })}
                />
              </div>
            )}
          />,
        )}
        {section(
          t("sections.mvp"),
          <>
            <Checkbox
              label={t("includeMvp")}
              rowClassName="text-sm font-medium"
              checked={data.mvp !== undefined}
              onChange={(event) =>
                setData((current) => ({
                  ...current,
                  mvp: event.target.checked ? mvp : undefined,
                }))
              }
            />
            {data.mvp && (
              <>
                <ListEditor
                  legend={t("sections.mvpTimeline")}
                  items={mvp.timeline}
                  onChange={(timeline) => setMvp("timeline", timeline)}
                  makeItem={() => ({ t: "", d: "" })}
                  renderItem={(step, update) => (
                    <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
                      <TextField
                        label={t("fields.when")}
                        value={step.t}
                        onChange={(value) => update({ ...step, t: value })}
                      />
                      <TextField
                        label={t("fields.what")}
                        value={step.d}
                        onChange={(d) => update({ ...step, d })}
                      />
                    </div>
                  )}
                />
                {stringList(t("sections.mvpScope"), t("fields.scopeItem"), mvp.scope, (scope) =>
                  setMvp("scope", scope),
                )}
                {comparisonEditor(t("sections.mvpComparison"), mvp.comparison, "mvp", (rows) =>
                  setMvp("comparison", rows),
                )}
              </>
            )}
          </>,
        )}

        <div
          className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 border-t border-border bg-background/95 py-2 backdrop-blur sm:gap-3 sm:py-3"
          data-builder-actions
        >
          <button
            type="submit"
            disabled={isSaving || isEmpty}
            aria-describedby={isEmpty ? "builder-empty-hint" : undefined}
            className="min-h-11 rounded-full bg-accent px-5 py-2 font-semibold text-on-accent hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {isSaving ? t("saving") : meta.storedId ? tStore("saveChanges") : tStore("store")}
          </button>
          <button
            type="button"
            onClick={generate}
            className="min-h-11 rounded-full px-3 py-2 text-sm font-semibold underline-offset-4 hover:underline sm:border sm:border-border sm:px-4 sm:no-underline sm:hover:bg-surface-strong"
          >
            {tStore("browserOnly")}
          </button>
          {isEmpty && (
            <p id="builder-empty-hint" className="text-sm text-accent-text">
              {tStore("emptyHint")}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}

/** The linked lead's name for the builder's "For" line (never its id); null until known. */
function useLeadName(leadId: string | undefined): string | null {
  const lead = useQuery({
    queryKey: ["crm", "lead", leadId ?? ""],
    queryFn: () => callEndpoint(getLead, { params: { id: leadId! } }),
    enabled: Boolean(leadId),
    staleTime: 60_000,
  });
  const data = lead.data;
  return data ? data.name || data.company || data.email || null : null;
}

/**
 * A field reached by the keyboard (Tab, or a phone's next-field key) stops above the sticky action bar: the
 * browser only brings it into the window, where the bar may cover it.
 */
function keepAboveActionBar(field: EventTarget) {
  if (!(field instanceof HTMLElement)) return;
  const bar = document.querySelector("[data-builder-actions]");
  if (!bar || bar.contains(field)) return;
  // After the browser's own scroll into view (which may be smooth), measure where the field ended up.
  requestAnimationFrame(() => {
    const fieldBox = field.getBoundingClientRect();
    const barTop = bar.getBoundingClientRect().top;
    const overlap = fieldBox.bottom - barTop;
    if (overlap > 0) window.scrollBy({ top: overlap + 16, behavior: "instant" });
  });
}
