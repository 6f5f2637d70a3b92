import type { ProposalData, SignatureDto } from "@/lib/proposals/proposal.schema";

/** Browser storage keys (docs/product.md#proposal-builder): generated proposals `p_<timestamp>`, drafts `draft_<timestamp>`. */
export const LOCAL_PROPOSAL_PREFIX = "p_";
export const DRAFT_PREFIX = "draft_";

/** A signature kept in this browser for a local proposal: the server's shape, without the content hash it computes. */
/** A signature kept in this browser always has its drawn image (only erasure removes a stored one). */
export type LocalSignature = Omit<SignatureDto, "content_sha256" | "version" | "lang" | "image"> & {
  image: string;
};

/**
 * A draft may also remember which stored proposal and lead it belongs to, so the builder can save it
 * back, and the proposal's content in its other language when it has one.
 */
export interface DraftMeta {
  storedId?: string;
  leadId?: string;
  translation?: ProposalData;
}

/** Stores under a fresh `<prefix><timestamp>` key (never overwriting another) and returns the key. */
export function saveLocalProposal(prefix: string, data: ProposalData, meta?: DraftMeta): string {
  let stamp = Date.now();
  while (localStorage.getItem(`${prefix}${stamp}`) !== null) stamp++;
  const key = `${prefix}${stamp}`;
  localStorage.setItem(key, JSON.stringify(data));
  if (meta && (meta.storedId || meta.leadId || meta.translation))
    localStorage.setItem(`${key}:meta`, JSON.stringify(meta));
  return key;
}

export function readDraftMeta(key: string): DraftMeta {
  try {
    const meta = JSON.parse(localStorage.getItem(`${key}:meta`) ?? "{}") as Record<string, unknown>;
    return {
      storedId: typeof meta.storedId === "string" ? meta.storedId : undefined,
      leadId: typeof meta.leadId === "string" ? meta.leadId : undefined,
      // Validated by the builder, the one reader that needs it (zod stays out of the viewer's bundle).
      translation:
        typeof meta.translation === "object" && meta.translation !== null
          ? (meta.translation as ProposalData)
          : undefined,
    };
  } catch {
    return {};
  }
}

export const signatureKeyOf = (documentKey: string) => `${documentKey}:signature`;

export function parseLocalSignature(raw: string | null): LocalSignature | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LocalSignature>;
    return typeof value.full_name === "string" &&
      typeof value.image === "string" &&
      value.image.startsWith("data:image/png;base64,")
      ? (value as LocalSignature)
      : null;
  } catch {
    return null;
  }
}

export function saveLocalSignature(documentKey: string, signature: LocalSignature): void {
  localStorage.setItem(signatureKeyOf(documentKey), JSON.stringify(signature));
}
