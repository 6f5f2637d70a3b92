import type { SiteConfig } from "../site";

interface CspOptions {
  isDev: boolean;
  site: SiteConfig;
  /** Per-request nonce for dynamic pages; without one, inline scripts need 'unsafe-inline'. */
  nonce?: string;
  /** Extra script hashes allowed alongside a nonce (e.g. the theme script). */
  scriptHashes?: string[];
}

const originOf = (url: string) => new URL(url).origin;

/** The Content-Security-Policy for a page, built from the brand config's third-party hosts. */
export function buildContentSecurityPolicy({
  isDev,
  site,
  nonce,
  scriptHashes = [],
}: CspOptions): string {
  const scriptSrc = nonce
    ? ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...scriptHashes]
    : // Statically rendered pages carry Next's inline bootstrap scripts and cannot know a nonce.
      ["'self'", "'unsafe-inline'"];
  if (isDev) scriptSrc.push("'unsafe-eval'"); // React's dev tooling evaluates code; never in production.
  scriptSrc.push(originOf(site.chatWidget.scriptUrl));

  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSrc,
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", originOf(site.chatWidget.scriptUrl), ...(isDev ? ["ws:"] : [])],
    "media-src": ["'self'", "https:"],
    "frame-src": ["'self'", originOf(site.featuredVideoUrl), originOf(site.chatWidget.scriptUrl)],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  const policy = Object.entries(directives).map(
    ([name, values]) => `${name} ${[...new Set(values)].join(" ")}`,
  );
  if (!isDev) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Headers every response carries, besides the CSP. */
export function buildSecurityHeaders({ isDev }: { isDev: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(isDev ? {} : { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }),
  };
}
