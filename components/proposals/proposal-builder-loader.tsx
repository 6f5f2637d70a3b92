"use client";

import dynamic from "next/dynamic";

// The builder reads drafts from localStorage, which exists only in the browser.
const ProposalBuilderStart = dynamic(
  () => import("./proposal-builder-start").then((m) => m.ProposalBuilderStart),
  { ssr: false },
);

/** `fromKey`: a draft kept in this browser; `storedId`: a stored proposal, opened to edit it. */
export function ProposalBuilderLoader({
  fromKey,
  storedId,
}: {
  fromKey: string | null;
  storedId: string | null;
}) {
  return <ProposalBuilderStart fromKey={fromKey} storedId={storedId} />;
}
