import type { SourceChannel } from "./events";

// Maintained lists: a registrable domain here matches itself and its subdomains (e.g. google.com.mx, m.facebook.com).
const SEARCH_ENGINES = [
  "google",
  "bing.com",
  "duckduckgo.com",
  "search.yahoo.com",
  "yahoo.com",
  "yandex",
  "baidu.com",
  "ecosia.org",
  "search.brave.com",
  "startpage.com",
  "qwant.com",
  "naver.com",
  "seznam.cz",
  "ask.com",
  "aol.com",
];
const SOCIAL_NETWORKS = [
  "facebook.com",
  "fb.com",
  "fb.me",
  "instagram.com",
  "l.instagram.com",
  "linkedin.com",
  "lnkd.in",
  "twitter.com",
  "t.co",
  "x.com",
  "tiktok.com",
  "youtube.com",
  "youtu.be",
  "pinterest.com",
  "reddit.com",
  "whatsapp.com",
  "wa.me",
  "t.me",
  "telegram.org",
  "threads.net",
  "bsky.app",
  "mastodon.social",
  "snapchat.com",
  "messenger.com",
];

/** Whether `host` is `domain` or one of its subdomains; a bare label ("google") matches any of its country domains. */
function matchesDomain(host: string, domain: string): boolean {
  if (!domain.includes("."))
    return host === domain || host.startsWith(`${domain}.`) || host.includes(`.${domain}.`);
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * The source channel of a page view from its referrer: no referrer is direct, our own host is internal
 * (a move within the site, not a visit), a search engine is organic, a social network social, anything else referral.
 */
export function classifyReferrer(
  referrer: string | null | undefined,
  ownHost: string,
): SourceChannel {
  if (!referrer) return "direct";
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "direct";
  }
  if (!host) return "direct";
  if (
    host ===
    ownHost
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/:\d+$/, "")
  )
    return "internal";
  if (SEARCH_ENGINES.some((domain) => matchesDomain(host, domain))) return "organic";
  if (SOCIAL_NETWORKS.some((domain) => matchesDomain(host, domain))) return "social";
  return "referral";
}
