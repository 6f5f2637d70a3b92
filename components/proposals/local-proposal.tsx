"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useMemo } from "react";
import { parseLocalProposal } from "./parse-local-proposal";
import { LOCAL_PROPOSAL_PREFIX, readDraftMeta } from "./proposal-storage";
import { proposalTranslator, type ProposalCatalogues } from "./proposal-translator";
import { ProposalViewer } from "./proposal-viewer";
import { useLocalStorageItem } from "./use-local-storage-item";

/** `/proposal/view/{id}`: a proposal the builder generated into this browser's storage (key `p_<timestamp>`). */
export function LocalProposal({
  storageKey,
  brand,
  phoneHref,
  catalogues,
}: {
  storageKey: string;
  brand: string;
  phoneHref: string;
  catalogues: ProposalCatalogues;
}) {
  // Only keys the builder writes (p_<timestamp>) are proposals; anything else is "not found".
  const raw = useLocalStorageItem(storageKey.startsWith(LOCAL_PROPOSAL_PREFIX) ? storageKey : null);
  const data = useMemo(() => (raw ? parseLocalProposal(raw) : null), [raw]);
  const meta = useMemo(() => (raw ? readDraftMeta(storageKey) : {}), [raw, storageKey]);

  if (raw === undefined) return null;
  if (!data) {
    const t = proposalTranslator("es", catalogues);
    return (
      <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
        <p role="alert" className="text-lg font-semibold">
          {t("localMissing")}
        </p>
        <IntentLink
          href="/"
          className="rounded-full bg-foreground px-5 py-2 font-semibold text-background"
        >
          {t("backHome")}
        </IntentLink>
      </main>
    );
  }
  return (
    <ProposalViewer
      brand={brand}
      phoneHref={phoneHref}
      catalogues={catalogues}
      documents={{ [data.lang]: data }}
      signatureMode={{ kind: "local", storageKey }}
      hasStaffActions
      draftMeta={meta}
      storedId={meta.storedId}
    />
  );
}
