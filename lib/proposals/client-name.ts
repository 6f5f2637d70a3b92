/** The API's name for a proposal without a client (`client_name`); documents use their own language's word. */
export const FALLBACK_CLIENT_NAME = "Cliente";

/** Whether the author gave the client a name; lists and documents say "unnamed" in the reader's language otherwise. */
export function hasClientName(data: { client?: { name?: string } } | null | undefined): boolean {
  return Boolean(data?.client?.name?.trim());
}

/**
 * The client's name as the document shows it, or `fallback` (the document's own word for "client").
 * Kept apart from the zod schema so the viewer's bundle does not carry zod.
 */
export function clientNameOf(
  data: { client?: { name?: string } } | null | undefined,
  fallback: string = FALLBACK_CLIENT_NAME,
): string {
  return data?.client?.name?.trim() || fallback;
}

/**
 * Whether the author gave the proposal a title. An untitled one is named by its client, so a sentence
 * that names both the client and the proposal names the client once instead ("Acme opened their
 * proposal", not "Acme opened the proposal “Acme”").
 */
export function hasTitle(data: { title?: string } | null | undefined): boolean {
  return Boolean(data?.title?.trim());
}

/**
 * A proposal's name wherever a document, e-mail or notification names it: its title, else its
 * client's name, else `unnamedWord` (the reader's word for "client").
 */
export function proposalNameOf(
  data: { title?: string; client?: { name?: string } } | null | undefined,
  unnamedWord: string = FALLBACK_CLIENT_NAME,
): string {
  return data?.title?.trim() || clientNameOf(data, unnamedWord);
}
