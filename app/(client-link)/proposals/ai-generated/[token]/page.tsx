import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientLinkPage } from "@/components/proposals/client-link-page";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { proposalTranslator } from "@/components/proposals/proposal-translator";
import { serverEnv } from "@/lib/env";
import { clientNameOf } from "@/lib/proposals/client-name";
import { loadClientLinkView } from "@/lib/proposals/client-link-view";
import { phoneHref, site } from "@/lib/site";

export async function generateMetadata({
  params,
}: PageProps<"/proposals/ai-generated/[token]">): Promise<Metadata> {
  const view = await loadClientLinkView((await params).token);
  const t = proposalTranslator(view?.lang ?? "es", PROPOSAL_CATALOGUES);
  if (!view) return { title: `${t("documentLabel")} · ${site.name}` };
  return {
    title: t("metaTitle", {
      client: clientNameOf(view.proposal.proposal_data, t("unnamedClient")),
      brand: site.name,
    }),
  };
}

export default async function ClientProposalPage({
  params,
}: PageProps<"/proposals/ai-generated/[token]">) {
  const { token } = await params;
  // Unknown, malformed, draft and withdrawn links answer the same 404 page (not-found.tsx beside this one).
  const view = await loadClientLinkView(token);
  if (!view) notFound();
  return (
    <ClientLinkPage
      token={token}
      view={view}
      brand={site.name}
      phoneHref={phoneHref()}
      timeZone={serverEnv().ANALYTICS_TIME_ZONE}
      verifyHref={`/proposals/verify?lang=${view.lang}`}
    />
  );
}
