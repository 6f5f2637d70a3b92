/**
 * Why no route can match a path safely, or null: undecodable or a literal % once decoded (`%25`)
 * is "badPath"; an encoded slash or backslash (`/api%2f…`: Next.js decodes it into a second
 * segment and loops into a bare 500), a raw backslash, or a control character in an API path is
 * "badPathSegment". A page path with a control character is left to the site's 404 page, which a
 * person reads better than a JSON error.
 */
export function pathProblemOf(rawUrl: string): "badPath" | "badPathSegment" | null {
  const path = rawUrl.split("?")[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "badPath";
  }
  if (decoded.includes("%")) return "badPath";
  if (/%(?:2f|5c)|\\/i.test(path)) return "badPathSegment";
  if (path.startsWith("/api/") && /[\u0000-\u001f\u007f]/.test(decoded)) return "badPathSegment";
  return null;
}
