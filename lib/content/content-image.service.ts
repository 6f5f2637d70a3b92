import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import type { ContentEditor } from "./content-editor";
import { contentImageUrl } from "./content-image-url";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The widest the site shows an image (the article column at 2x): larger uploads are scaled down. */
export const IMAGE_MAX_WIDTH = 1600;
/** A decompression bomb stops here: sharp refuses to decode more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

const SIGNATURES: { mime: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    mime: "image/png",
    matches: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: "image/jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: "image/webp",
    matches: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
  },
];
const FORMAT_OF: Record<string, "png" | "jpeg" | "webp"> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
};

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

const notAnImage = () =>
  new AppError("unsupported_media_type", "The file is not a PNG, JPEG or WebP image.", {
    fields: { file: ["Upload a PNG, JPEG or WebP image."] },
  });

/**
 * Stores an upload once it is known to be an image: its first bytes name a format we take, and
 * sharp decodes it whole (a renamed executable or a truncated file fails here), within a pixel cap.
 * Images wider than the site shows are scaled down; metadata (EXIF, GPS) is dropped by re-encoding.
 */
export async function storeContentImage(
  bytes: Buffer,
  session: ContentEditor,
): Promise<UploadedImage> {
  if (bytes.byteLength > IMAGE_MAX_BYTES)
    throw new AppError("too_large", "The image may be at most 5 MB.");
  const mime = SIGNATURES.find((signature) => signature.matches(bytes))?.mime;
  if (!mime) throw notAnImage();
  let output: { data: Buffer; info: { width: number; height: number } };
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .toFormat(FORMAT_OF[mime]!)
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }
  const { data, info } = output;
  const image = await db.contentImage.create({
    data: {
      mime,
      width: info.width,
      height: info.height,
      byteSize: data.byteLength,
      sha256: createHash("sha256").update(data).digest("hex"),
      bytes: new Uint8Array(data),
      uploadedBy: session.account.id,
    },
    select: { id: true, mime: true, width: true, height: true },
  });
  return { ...image, url: contentImageUrl(image) };
}

export interface ServedImage {
  body: Buffer;
  mime: string;
  etag: string;
}

/**
 * An image's bytes by id, as `.ext` asks: its own format, or `.png` of an SVG cover (social networks
 * do not show SVG; the rasterised copy is made on request and cached like the rest).
 */
export async function readContentImage(file: string): Promise<ServedImage | null> {
  const match = /^([0-9a-f-]{36})\.(png|jpg|webp|svg)$/.exec(file);
  if (!match) return null;
  const [, id, extension] = match;
  const image = await db.contentImage.findUnique({ where: { id: id! } }).catch(() => null);
  if (!image) return null;
  const own = contentImageUrl(image).endsWith(`.${extension}`);
  if (own) return { body: Buffer.from(image.bytes), mime: image.mime, etag: `"${image.sha256}"` };
  if (image.mime === "image/svg+xml" && extension === "png") {
    const body = await sharp(Buffer.from(image.bytes), { density: 72 })
      .resize({ width: image.width, height: image.height })
      .png()
      .toBuffer();
    return { body, mime: "image/png", etag: `"${image.sha256}-png"` };
  }
  return null;
}
