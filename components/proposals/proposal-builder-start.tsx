"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { initialFromStored, initialState, ProposalBuilder } from "./proposal-builder";
import { proposalQueries } from "./proposal-queries";

/** Where the builder starts: a stored proposal to edit, a draft from this browser, or the sample. */
export function ProposalBuilderStart({
  fromKey,
  storedId,
}: {
  fromKey: string | null;
  storedId: string | null;
}) {
  return storedId ? <StoredStart id={storedId} /> : <LocalStart fromKey={fromKey} />;
}

function LocalStart({ fromKey }: { fromKey: string | null }) {
  const t = useTranslations("ProposalBuilder");
  const [initial] = useState(() => initialState(fromKey, t));
  return <ProposalBuilder initial={initial} />;
}

function StoredStart({ id }: { id: string }) {
  const t = useTranslations("ProposalStore");
  const loaded = useQuery({ ...proposalQueries.staffProposal(id), staleTime: Infinity });
  if (loaded.isPending)
    return (
      <p role="status" className="p-8 text-center">
        {t("loading")}
      </p>
    );
  if (loaded.isError)
    return (
      <p role="alert" className="p-8 text-center font-semibold text-accent-text">
        {t("loadFailed")}
      </p>
    );
  if (loaded.data.status === "signed" || !loaded.data.may_change || loaded.data.erased_at)
    return (
      <p role="alert" className="p-8 text-center">
        {t("cannotEdit")}{" "}
        <a
          href={`/proposal/db/${encodeURIComponent(id)}`}
          className="text-highlight underline underline-offset-4"
        >
          {t("openStored")}
        </a>
      </p>
    );
  return <ProposalBuilder initial={initialFromStored(loaded.data)} />;
}
