// Content studio helpers: a multipart image upload as bytes, and small valid images made with sharp.
import sharp from "sharp";

/** A multipart/form-data body with `file` (and any text fields), and its content type. */
export function multipartBody(
  file: { bytes: Uint8Array; name?: string; type?: string },
  fields: Record<string, string> = {},
): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----content-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? "image.png"}"\r\nContent-Type: ${file.type ?? "image/png"}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const joined = Buffer.concat(parts);
  return {
    body: new Uint8Array(
      joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength),
    ) as Uint8Array<ArrayBuffer>,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A real PNG of the given size, one flat colour. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
}
