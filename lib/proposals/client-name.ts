/** Shown wherever a proposal has no client name. */
export const FALLBACK_CLIENT_NAME = "Cliente";

/** The client's name as the document shows it. Kept apart from the zod schema so the viewer's bundle does not carry zod. */
export function clientNameOf(data: { client?: { name?: string } } | null | undefined): string {
  return data?.client?.name?.trim() || FALLBACK_CLIENT_NAME;
}
