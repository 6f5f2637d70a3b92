import "server-only";
import { z } from "zod";
import { serverEnv } from "@/lib/env";
import type { ProposalData } from "./proposal.schema";

const ZNarrative = z.object({
  title: z.string().trim().min(5).max(300),
  kpis: z.array(z.string().trim().min(5).max(500)).min(1).max(10),
});

/**
 * When an OpenAI-compatible endpoint is configured (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), lets it
 * rewrite the narrative fields (title and KPIs) of a rules-made draft. Prices, phases and terms stay
 * the rules'. Off by default; any failure keeps the rules' draft unchanged.
 */
export async function withWrittenNarrative(
  draft: ProposalData,
  challenge: string | null,
): Promise<ProposalData> {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = serverEnv();
  if (!LLM_BASE_URL || !LLM_API_KEY || !LLM_MODEL) return draft;
  try {
    const response = await fetch(`${LLM_BASE_URL.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${LLM_API_KEY}` },
      signal: AbortSignal.timeout(15_000),
      body: JSON.stringify({
        model: LLM_MODEL,
        response_format: { type: "json_object" },
        messages: [
          {
            role: "system",
            content: `You write concise B2B proposal copy in ${draft.lang === "es" ? "Spanish" : "English"}. Answer only JSON: {"title": string, "kpis": string[]}. Keep every number given to you; invent no figures.`,
          },
          {
            role: "user",
            content: JSON.stringify({
              client: draft.client.name,
              industry: draft.client.industry,
              challenge,
              title: draft.title,
              kpis: draft.kpis,
            }),
          },
        ],
      }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const narrative = ZNarrative.parse(JSON.parse(body.choices?.[0]?.message?.content ?? ""));
    return { ...draft, title: narrative.title, kpis: narrative.kpis };
  } catch (error) {
    console.warn("[proposals] narrative endpoint failed; keeping the rules' draft", error);
    return draft;
  }
}
