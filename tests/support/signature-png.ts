import { PNG } from "pngjs";

/** A PNG data URL like the signature pad makes: transparent, with dark grey strokes (or none). */
export function signaturePng({
  width = 500,
  height = 160,
  strokes = true,
}: { width?: number; height?: number; strokes?: boolean } = {}): string {
  const png = new PNG({ width, height });
  if (strokes) {
    // A wavy line across most of the width, 3 px thick: about as much ink as a short signature.
    for (let x = 40; x < width - 40; x++) {
      const y = Math.round(height / 2 + Math.sin(x / 18) * (height / 4));
      for (let dy = -1; dy <= 1; dy++) {
        const index = ((y + dy) * width + x) * 4;
        png.data[index] = 51;
        png.data[index + 1] = 51;
        png.data[index + 2] = 51;
        png.data[index + 3] = 255;
      }
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

/** A PNG of random pixels (incompressible), to exceed a size limit. */
export function noisePng(width: number, height: number): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i++) png.data[i] = Math.floor(Math.random() * 256);
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

/**
 * Light grey noise on an opaque canvas: too varied to look blank by its size, yet not one pixel dark
 * enough to be ink, so only decoding it shows there is no signature.
 */
export function palePng(width: number, height: number): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    for (let channel = 0; channel < 3; channel++)
      png.data[i + channel] = 215 + Math.floor(Math.random() * 40);
    png.data[i + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

/** A drawn signature whose compressed pixel data is damaged (the chunks still fit): it cannot be decoded. */
export function damagedPng(): string {
  const bytes = Buffer.from(signaturePng().split(",")[1]!, "base64");
  const idat = bytes.indexOf("IDAT", 8, "latin1");
  for (let offset = idat + 6; offset < idat + 40; offset++) bytes[offset] = 0xff - bytes[offset]!;
  return `data:image/png;base64,${bytes.toString("base64")}`;
}
