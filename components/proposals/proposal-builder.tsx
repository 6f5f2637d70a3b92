"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import {
  ZProposalData,
  type ComparisonRow,
  type ProposalData,
  type ProposalLang,
} from "@/lib/proposals/proposal.schema";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ApiError } from "@/lib/http/api-client";
import { BUILDER_DEFAULT } from "@/lib/proposals/sample-proposals";
import { ListEditor, TextField } from "./builder-fields";
import { parseLocalProposal } from "./parse-local-proposal";
import { proposalStaffApi } from "./proposal-staff-api";
import {
  DRAFT_PREFIX,
  LOCAL_PROPOSAL_PREFIX,
  readDraftMeta,
  saveLocalProposal,
  type DraftMeta,
} from "./proposal-storage";

type Notice = {
  tone: "info" | "error";
  text: string;
  link?: { href: string; label: string };
  extra?: { href: string; label: string };
} | null;

interface Initial {
  data: ProposalData;
  meta: DraftMeta;
  notice: Notice;
}

/** Where the builder starts: the draft named by `?from=` when it exists, else the default sample. */
function initialState(
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
        notice: { tone: "info", text: t("draftLoaded", { key: fromKey }) },
      };
    }
    return {
      data: BUILDER_DEFAULT.es,
      meta: {},
      notice: { tone: "error", text: t("draftMissing", { key: fromKey }) },
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

/** `/proposal/new`: a form for every field of the proposal data. Reads localStorage, so it renders in the browser only. */
export function ProposalBuilder({ fromKey }: { fromKey: string | null }) {
  const t = useTranslations("ProposalBuilder");
  const router = useRouter();
  const [initial] = useState(() => initialState(fromKey, t));
  const [mainData, setMainData] = useState<ProposalData>(initial.data);
  // The same proposal in the other language; null keeps it single-language (the client sees no toggle).
  const [translation, setTranslation] = useState<ProposalData | null>(
    initial.meta.translation?.lang && initial.meta.translation.lang !== initial.data.lang
      ? initial.meta.translation
      : null,
  );
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
  const setClient = (key: keyof ProposalData["client"], value: string) =>
    setData((current) => ({ ...current, client: { ...current.client, [key]: value } }));
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
      isUntouchedSample ? BUILDER_DEFAULT[otherLang] : { ...tidy(mainData), lang: otherLang },
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
      translation: translation ? tidy(translation) : undefined,
    });
    router.push(`/proposal/view/${key}`);
  }

  async function saveToCrm(asUpdate: boolean) {
    const parsed = ZProposalData.safeParse(tidy(mainData));
    const parsedTranslation = translation ? ZProposalData.safeParse(tidy(translation)) : null;
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
    try {
      const saved =
        asUpdate && meta.storedId
          ? await proposalStaffApi.update(meta.storedId, parsed.data, translations)
          : await proposalStaffApi.create(parsed.data, meta.leadId, translations);
      setMeta((current) => ({ ...current, storedId: saved.id }));
      setNotice({
        tone: "info",
        text: t("savedToCrm"),
        link: { href: `/proposals/ai-generated/${saved.token}`, label: saved.url },
        extra: { href: `/proposal/db/${saved.id}`, label: t("openStored") },
      });
    } catch (error) {
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
      {notice && (
        <div
          role={notice.tone === "error" ? "alert" : "status"}
          className={`rounded-xl border p-4 text-sm ${notice.tone === "error" ? "border-accent text-accent-text" : "border-highlight"}`}
        >
          <p>{notice.text}</p>
          {notice.link && (
            <p className="mt-1 break-all">
              {t("clientLink")}:{" "}
              <a
                href={notice.link.href}
                className="text-highlight underline underline-offset-4"
                data-testid="builder-client-link"
              >
                {notice.link.label}
              </a>
            </p>
          )}
          {notice.extra && (
            <p className="mt-1">
              <a href={notice.extra.href} className="text-highlight underline underline-offset-4">
                {notice.extra.label}
              </a>
            </p>
          )}
        </div>
      )}

      <form
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          generate();
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

        <div className="sticky bottom-0 flex flex-wrap gap-3 border-t border-border bg-background/95 py-4 backdrop-blur">
          <button
            type="submit"
            className="rounded-full bg-accent px-5 py-2 font-semibold text-on-accent hover:brightness-110"
          >
            {t("generate")}
          </button>
          {meta.storedId && (
            <button
              type="button"
              disabled={isSaving}
              onClick={() => void saveToCrm(true)}
              className="rounded-full border border-border px-5 py-2 font-semibold hover:bg-surface-strong disabled:opacity-60"
            >
              {isSaving ? t("saving") : t("updateCrm")}
            </button>
          )}
          <button
            type="button"
            disabled={isSaving}
            onClick={() => void saveToCrm(false)}
            className="rounded-full border border-border px-5 py-2 font-semibold hover:bg-surface-strong disabled:opacity-60"
          >
            {isSaving ? t("saving") : t("saveToCrm")}
          </button>
          {meta.leadId && (
            <p className="self-center text-sm text-muted">
              {t("leadLinked", { lead: meta.leadId })}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
