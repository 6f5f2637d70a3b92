import { AppError } from "@/lib/http/app-error";
import { SIGNATURE_MAX_BYTES } from "./proposal.schema";
import { inkedPixelsOf, MIN_INKED_PIXELS } from "./signature-ink";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A 160 px pad at 3x pixel density on a wide screen fits; anything larger is not a signature and
// would cost memory to decode (a small PNG can inflate to many megabytes).
const MAX_WIDTH = 3000;
const MAX_HEIGHT = 1000;
/** Pixels decoded at most (6.4 MB as RGBA): the pad at 4x density on a wide screen stays under it. */
export const MAX_SIGNATURE_PIXELS = 1_600_000;
/**
 * Deflate cannot shrink anything more than about 1,030:1, and a transparent canvas comes close; a
 * drawn signature does not. Past this ratio the image is blank or a dot, refused before decoding.
 */
const BLANK_COMPRESSION_RATIO = 900;
/** Samples per pixel by PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const CHANNELS_BY_COLOUR_TYPE: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const invalid = (message: string) =>
  new AppError("validation", message, { fields: { image: [message] } });

/**
 * Checks a drawn signature sent as a PNG data URL: at most 200 KB (413), really a PNG whose header
 * claims at most MAX_SIGNATURE_PIXELS (413) and whose data is not blank (400), all before anything is
 * decoded; then decoded, with enough ink to be a signature (400). Returns the PNG bytes to store.
 */
export function validateSignatureImage(dataUrl: string): Buffer {
  return requireInk(screenSignatureImage(dataUrl));
}

/**
 * The checks of validateSignatureImage that read only the bytes as sent (size, PNG header, claimed
 * canvas, blank by its compression ratio): no inflating and no database, so a flood of blank or huge
 * images is refused before any other work. Returns the PNG bytes for requireInk.
 */
export function screenSignatureImage(dataUrl: string): Buffer {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > SIGNATURE_MAX_BYTES)
    throw new AppError(
      "too_large",
      `The signature image may be at most ${SIGNATURE_MAX_BYTES / 1024} KB.`,
    );
  if (
    bytes.length < 33 ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC) ||
    bytes.toString("latin1", 12, 16) !== "IHDR"
  )
    throw invalid("The signature is not a PNG image.");
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  // Judged on the header, before a byte is inflated: a small file can claim a huge canvas.
  if (width > MAX_WIDTH || height > MAX_HEIGHT || width * height > MAX_SIGNATURE_PIXELS)
    throw new AppError(
      "too_large",
      `The signature image is ${width}×${height} px; it may have at most ${MAX_SIGNATURE_PIXELS.toLocaleString("en")} pixels.`,
      { fields: { image: ["The signature image is too large."] } },
    );
  if (width < 20 || height < 20) throw invalid("The signature image has impossible dimensions.");
  const compressed = compressedImageBytes(bytes);
  if (compressed === null) throw invalid("The signature image cannot be read.");
  // What the image data inflates to: one filter byte per row, then the row's pixels.
  const channels = CHANNELS_BY_COLOUR_TYPE[bytes[25]!] ?? 4;
  const inflated = height * (1 + Math.ceil((width * channels * bytes[24]!) / 8));
  if (compressed === 0 || inflated / compressed > BLANK_COMPRESSION_RATIO)
    throw invalid("The signature is empty or too small; draw your signature.");
  return bytes;
}

/** Decodes a screened PNG on this thread and requires enough ink to be a signature (400 otherwise). */
export function requireInk(bytes: Buffer): Buffer {
  return judgeInk(bytes, inkedPixelsOf(bytes));
}

/**
 * The verdict on a screened PNG's inked pixel count (null: it could not be decoded): the bytes to
 * store, or 400. Shared by requireInk and the client's signature, whose count the PDF worker makes.
 */
export function judgeInk(bytes: Buffer, inked: number | null): Buffer {
  if (inked === null) throw invalid("The signature image cannot be read.");
  if (inked < MIN_INKED_PIXELS)
    throw invalid("The signature is empty or too small; draw your signature.");
  return bytes;
}

/** The summed length of the IDAT chunks, or null when the chunks do not fit the file. */
function compressedImageBytes(bytes: Buffer): number | null {
  let total = 0;
  for (let offset = 8; offset < bytes.length;) {
    if (offset + 12 > bytes.length) return null;
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length) return null;
    if (type === "IDAT") total += length;
    if (type === "IEND") return total;
    offset += 12 + length;
  }
  return null;
}
