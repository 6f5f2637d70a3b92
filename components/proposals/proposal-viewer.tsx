"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { ApiError } from "@/lib/http/api-client";
import { clientNameOf } from "@/lib/proposals/client-name";
import type { ProposalData, ProposalLang } from "@/lib/proposals/proposal.schema";
import { ProposalDocument } from "./proposal-document";
import {
  DRAFT_PREFIX,
  parseLocalSignature,
  saveLocalProposal,
  saveLocalSignature,
  signatureKeyOf,
  type DraftMeta,
} from "./proposal-storage";
import { proposalTranslator, type ProposalCatalogues } from "./proposal-translator";
import { proposalsApi } from "./proposals-api";
import {
  SignatureBlock,
  type SaveOutcome,
  type SignatureInput,
  type SignatureView,
} from "./signature-block";
import { announceStorageChange, useLocalStorageItem } from "./use-local-storage-item";
import { ActionsBar } from "./actions-bar";
import "./proposal-print.css";

/** How the signature block behaves on this page. */
export type SignatureMode =
  /** Samples and local proposals: the signature stays in this browser under the document's key. */
  | { kind: "local"; storageKey: string }
  /** Staff looking at a stored proposal: shown, never signed from here. */
  | { kind: "preview" };

interface ProposalViewerProps {
  brand: string;
  phoneHref: string;
  catalogues: ProposalCatalogues;
  /** The document in one or both languages; with one, the toggle switches the page's own text only. */
  documents: Partial<Record<ProposalLang, ProposalData>>;
  signatureMode: SignatureMode;
  initialSignature?: SignatureView | null;
  /** Staff tools only: duplicate into the builder and send by e-mail. */
  hasStaffActions?: boolean;
  /** A stored proposal's id, so sending does not store it again; meta travels with a duplicate. */
  storedId?: string;
  draftMeta?: DraftMeta;
  /** Shown above the document (a staff status panel). */
  banner?: ReactNode;
  /** Shown before the signature block (validity, expiry). */
  notice?: (lang: ProposalLang) => ReactNode;
  /** A stored proposal's page sends through its own preview dialog instead of at one click. */
  onSendEmail?: () => void;
  /** Where the server's sealed PDF is downloaded once the proposal is signed. */
  signedPdfHref?: string;
  /**
   * The path of the server's PDF of this document (`?lang=` is added for the language shown); without it (a
   * draft kept in this browser) there is no download, only print. A string, since a server page passes it.
   */
  pdfPath?: string;
  /** The language to open in, when the document has it. */
  initialLang?: ProposalLang;
  /** A proposal written in one language only: no toggle, so the page never mixes languages. */
  isSingleLanguage?: boolean;
  /**
   * Staff pages: the language of the page around the document (toolbar, messages, title), the staff
   * member's; the document keeps its own. Without it the whole page follows the document (client pages).
   */
  chromeLang?: ProposalLang;
}

type Feedback = { tone: "success" | "error"; text: string } | null;

/** The proposal page for every variant: language toggle, print, PDF, duplicate, e-mail, mobile menu and signature. */
export function ProposalViewer({
  brand,
  phoneHref,
  catalogues,
  documents,
  signatureMode,
  initialSignature = null,
  hasStaffActions = false,
  storedId,
  draftMeta,
  banner,
  notice,
  onSendEmail,
  signedPdfHref,
  pdfPath,
  initialLang,
  isSingleLanguage = false,
  chromeLang,
}: ProposalViewerProps) {
  const available = Object.values(documents).filter(Boolean) as ProposalData[];
  const [lang, setLang] = useState<ProposalLang>(
    initialLang && documents[initialLang] ? initialLang : (available[0]?.lang ?? "es"),
  );
  const data = documents[lang] ?? available[0]!;
  const t = proposalTranslator(lang, catalogues);
  // The page's own words: the staff member's language on a staff page, else the document's.
  const tPage = chromeLang ? proposalTranslator(chromeLang, catalogues) : t;
  const pageLang = chromeLang ?? lang;
  const client = clientNameOf(data, t("unnamedClient"));
  const rawLocalSignature = useLocalStorageItem(
    signatureMode.kind === "local" ? signatureKeyOf(signatureMode.storageKey) : null,
  );
  const localSignature = useMemo(
    () => parseLocalSignature(rawLocalSignature ?? null),
    [rawLocalSignature],
  );
  const [isSending, setIsSending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [knownStoredId, setKnownStoredId] = useState(storedId);
  const router = useRouter();

  useEffect(() => {
    document.documentElement.lang = pageLang;
    document.title = tPage("metaTitle", { client, brand });
  }, [pageLang, tPage, client, brand]);

  const signature = signatureMode.kind === "local" ? localSignature : initialSignature;

  function runAction(action: () => void | Promise<void>) {
    void action();
  }

  function duplicate() {
    const key = saveLocalProposal(
      DRAFT_PREFIX,
      { ...data, lang },
      {
        ...draftMeta,
        storedId: knownStoredId ?? draftMeta?.storedId,
        translation: documents[lang === "es" ? "en" : "es"],
      },
    );
    router.push(`/proposal/new?from=${encodeURIComponent(key)}`);
  }

  /**
   * A copy kept in this browser is stored first (so the client gets a link they can sign), then its staff
   * page opens with the e-mail's preview, where the rep adds a note and sends it.
   */
  async function sendEmail() {
    const toEmail = data.client.contactEmail.trim();
    const contactId = data.client.contactId.trim();
    if (!toEmail && !contactId && !draftMeta?.leadId) {
      setFeedback({ tone: "error", text: tPage("alerts.noContact") });
      return;
    }
    setIsSending(true);
    setFeedback(null);
    try {
      const proposalId =
        knownStoredId ?? (await proposalsApi.create({ ...data, lang }, draftMeta?.leadId)).id;
      setKnownStoredId(proposalId);
      router.push(`/proposal/db/${encodeURIComponent(proposalId)}?send=1`);
    } catch (error) {
      setFeedback({
        tone: "error",
        text:
          error instanceof ApiError && error.status === 401
            ? tPage("alerts.emailNeedsStaff")
            : tPage("alerts.emailFailed"),
      });
      setIsSending(false);
    }
  }

  async function saveSignature(input: SignatureInput): Promise<SaveOutcome> {
    if (signatureMode.kind === "local") {
      const saved = { ...input, signed_at: new Date().toISOString() };
      saveLocalSignature(signatureMode.storageKey, saved);
      announceStorageChange();
      return { ok: true };
    }
    return { ok: false, message: t("signature.failed", { reason: "" }) };
  }

  const canSign = signatureMode.kind === "local";
  const signatureNote = signatureMode.kind === "local" ? t("signature.localNote") : undefined;

  const languageToggle = isSingleLanguage ? null : (
    <div
      role="group"
      aria-label={tPage("actions.languageLabel")}
      className="flex rounded-full border border-border p-0.5 text-xs font-semibold"
    >
      {(["es", "en"] as const).map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={lang === code}
          onClick={() => setLang(code)}
          className="rounded-full px-2.5 py-1.5 text-muted aria-pressed:bg-foreground aria-pressed:text-background"
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );

  const actionButton =
    "rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:bg-surface-strong disabled:opacity-60";
  const actions = (
    <>
      <button
        type="button"
        className={actionButton}
        onClick={() => runAction(() => window.print())}
      >
        {tPage("actions.print")}
      </button>
      {pdfPath && (
        <a
          href={`${pdfPath}?lang=${lang}`}
          download
          className={`${actionButton} text-center`}
          data-testid="pdf-link"
        >
          {tPage("actions.pdf")}
        </a>
      )}
      {signedPdfHref && signature && (
        <a
          href={signedPdfHref}
          download
          className={`${actionButton} text-center`}
          data-testid="signed-pdf-link"
        >
          {tPage("signedPdf")}
        </a>
      )}
      {hasStaffActions && (
        <>
          <button type="button" className={actionButton} onClick={() => runAction(duplicate)}>
            {tPage("actions.duplicate")}
          </button>
          <button
            type="button"
            className={actionButton}
            disabled={isSending}
            onClick={() => runAction(onSendEmail ?? sendEmail)}
          >
            {isSending ? tPage("actions.sending") : tPage("actions.sendEmail")}
          </button>
        </>
      )}
      <a
        href={phoneHref}
        className="rounded-full bg-accent px-3 py-1.5 text-center text-sm font-semibold text-on-accent hover:brightness-110"
      >
        {tPage("actions.agent")}
      </a>
    </>
  );

  return (
    <div className="min-h-dvh bg-surface pb-16 print:bg-white print:pb-0">
      <ActionsBar
        brand={brand}
        label={tPage("actions.label")}
        menuLabel={tPage("actions.menu")}
        closeMenuLabel={tPage("actions.closeMenu")}
        toggle={languageToggle}
      >
        {actions}
      </ActionsBar>

      <main className="px-4 pt-8 print:p-0">
        {banner}
        {feedback && (
          <p
            role={feedback.tone === "error" ? "alert" : "status"}
            data-testid="proposal-feedback"
            className={`mx-auto mb-4 max-w-4xl rounded-lg border p-3 text-sm font-medium print:hidden ${feedback.tone === "error" ? "border-orange-500 text-accent-text" : "border-cyan-700 text-highlight"}`}
          >
            {feedback.text}
          </p>
        )}
        <ProposalDocument data={data} brand={brand} t={t}>
          {notice?.(lang)}
          {(signatureMode.kind !== "preview" || signature) && (
            <SignatureBlock
              t={t}
              clientName={client}
              signature={signature}
              canSign={canSign}
              note={signatureNote}
              onSave={saveSignature}
            />
          )}
        </ProposalDocument>
      </main>
    </div>
  );
}
