/**
 * Why no route can match a path safely, or null: undecodable or a literal % once decoded (`%25`)
 * is "badPath"; an encoded slash or backslash (`/api%2f…`: Next.js decodes it into a second
 * segment and loops into a bare 500), a raw backslash or a control character is "badPathSegment".
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
  if (/%(?:2f|5c)|\\/i.test(path) || /[\u0000-\u001f\u007f]/.test(decoded)) return "badPathSegment";
  return null;
}
