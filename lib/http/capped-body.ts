/** Thrown by readBodyCapped when a body passes its cap; each caller answers with its own error. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
  }
}

/**
 * A request's or response's body as UTF-8 text, given up as soon as it passes `maxBytes` (the rest is
 * never read), so a large or endless body costs at most the cap in memory.
 */
export async function readBodyCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  // TextDecoder drops a leading byte-order mark, which JSON.parse and XML readers would trip on.
  return new TextDecoder().decode(Buffer.concat(chunks));
}
