import { PNG } from "pngjs";
import { AppError } from "@/lib/http/app-error";
import { SIGNATURE_MAX_BYTES } from "./proposal.schema";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A 160 px pad at 3x pixel density on a wide screen fits; anything larger is not a signature and
// would cost memory to decode (a small PNG can inflate to many megabytes).
const MAX_WIDTH = 3000;
const MAX_HEIGHT = 1000;
/** Fewer inked pixels than this is a dot or a slip of the pen, not a signature. */
export const MIN_INKED_PIXELS = 150;

const invalid = (message: string) =>
  new AppError("validation", message, { fields: { image: [message] } });

/**
 * Checks a drawn signature sent as a PNG data URL: at most 200 KB (413), really a PNG with sane
 * dimensions, and with enough ink to be a signature (400). Returns the PNG bytes to store.
 */
export function validateSignatureImage(dataUrl: string): Buffer {
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
  if (width < 20 || height < 20 || width > MAX_WIDTH || height > MAX_HEIGHT)
    throw invalid("The signature image has impossible dimensions.");

  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw invalid("The signature image cannot be read.");
  }
  if (countInkedPixels(png) < MIN_INKED_PIXELS)
    throw invalid("The signature is empty or too small; draw your signature.");
  return bytes;
}

/** Pixels a pen drew: visible (alpha) and darker than paper, so a blank white or transparent canvas counts zero. */
function countInkedPixels(png: PNG): number {
  const { data } = png;
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (alpha > 64 && luma < 200) inked++;
  }
  return inked;
}
