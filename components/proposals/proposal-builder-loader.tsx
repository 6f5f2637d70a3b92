"use client";

import dynamic from "next/dynamic";

// The builder reads drafts from localStorage, which exists only in the browser.
const ProposalBuilder = dynamic(() => import("./proposal-builder").then((m) => m.ProposalBuilder), {
  ssr: false,
});

export function ProposalBuilderLoader({ fromKey }: { fromKey: string | null }) {
  return <ProposalBuilder fromKey={fromKey} />;
}
