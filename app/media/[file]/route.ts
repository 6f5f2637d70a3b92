// GET /media/{id}.{ext}: an image of the content studio (cover or inline), from PostgreSQL so every
// instance serves it. An id never changes its bytes, so the answer is cached for a year.
import { readContentImage } from "@/lib/content/content-image.service";

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function GET(request: Request, { params }: RouteContext<"/media/[file]">) {
  const { file } = await params;
  const image = await readContentImage(file);
  if (!image)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const headers: Record<string, string> = {
    "Cache-Control": IMMUTABLE,
    ETag: image.etag,
    "X-Content-Type-Options": "nosniff",
    // An SVG opened on its own is a document: it may draw, never run anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  if (request.headers.get("if-none-match") === image.etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.body), {
    headers: {
      ...headers,
      "Content-Type": image.mime,
      "Content-Length": String(image.body.byteLength),
    },
  });
}
