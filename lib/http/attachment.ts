import { NextResponse } from "next/server";

/**
 * A file download. The name goes in twice: an ASCII fallback, and RFC 6266's UTF-8 `filename*` that
 * browsers prefer, so "Pérez" survives.
 */
export function attachmentResponse(
  bytes: Uint8Array,
  { fileName, contentType }: { fileName: string; contentType: string },
  headers: Record<string, string> = {},
): NextResponse {
  const ascii = fileName.normalize("NFKD").replace(/[^\x20-\x7e]|["\\]/g, "");
  return new NextResponse(Buffer.from(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
