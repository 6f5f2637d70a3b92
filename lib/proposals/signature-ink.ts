import { PNG } from "pngjs";

/** Fewer inked pixels than this is a dot or a slip of the pen, not a signature. */
export const MIN_INKED_PIXELS = 150;

/**
 * Decodes a PNG (already screened by signature-image.ts) and counts the pixels a pen drew: visible
 * (alpha) and darker than paper, so a blank white or transparent canvas counts zero. Null when the
 * image cannot be decoded. Runs in the PDF worker thread for a client's signature: a phone pad at
 * full density is over a million pixels, tens of milliseconds of CPU that would stall the event loop.
 */
export function inkedPixelsOf(bytes: Uint8Array): number | null {
  let data: Buffer;
  try {
    data = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).data;
  } catch {
    return null;
  }
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (alpha > 64 && luma < 200) inked++;
  }
  return inked;
}
