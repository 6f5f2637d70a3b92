import type { SourceChannel } from "./events";

// The channel mapping (docs/decisions/020-lost-reasons-and-channels.md), after GA4's default channel grouping,
// simplified to our channels. Campaign tags come first; untagged traffic is classified by its referrer.

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

/** Mediums that name e-mail (GA4: email, e-mail, e_mail, e mail; plus newsletter, which we send). */
const EMAIL_MEDIUMS = /^(e[-_ ]?mail|newsletter)$/;
/** Sources that are e-mail services, for links tagged only with a source. */
const EMAIL_SOURCES =
  /^(e[-_ ]?mail|newsletter|mailchimp|brevo|sendinblue|mailerlite|hubspot-email)$/;
/** Paid mediums (GA4's paid search, social, video, shopping and display, folded into one). */
const PAID_MEDIUMS = /^(.*cp.*|ppc|retargeting|paid.*|display|banner|interstitial|expandable|cpm)$/;
const SOCIAL_MEDIUMS = /^(social|social[-_ ]?network|social[-_ ]?media|sm|social[-_ ]?post)$/;
const REFERRAL_MEDIUMS = /^(referral|app|link)$/;

export interface CampaignTags {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

/**
 * A visit's channel from its campaign tags and referrer. Tagged traffic: an e-mail medium or source is email,
 * a paid medium is paid, a social medium or a social network as source is social, `organic` organic, a
 * referral medium referral, `(direct)`/`(none)` direct, and any other tagged visit `campaign`. An untagged
 * visit: classifyReferrer. A move within our own site stays internal whatever its address carries.
 */
export function classifyVisit(
  referrer: string | null | undefined,
  tags: CampaignTags,
  ownHost: string,
): SourceChannel {
  const byReferrer = classifyReferrer(referrer, ownHost);
  if (byReferrer === "internal") return "internal";
  const medium = tags.utm_medium?.trim().toLowerCase() ?? "";
  const source = tags.utm_source?.trim().toLowerCase() ?? "";
  const campaign = tags.utm_campaign?.trim() ?? "";
  if (!medium && !source && !campaign) return byReferrer;
  if (EMAIL_MEDIUMS.test(medium) || (!medium && EMAIL_SOURCES.test(source))) return "email";
  if (PAID_MEDIUMS.test(medium)) return "paid";
  if (
    SOCIAL_MEDIUMS.test(medium) ||
    (!medium &&
      SOCIAL_NETWORKS.some(
        (domain) => matchesDomain(source, domain) || source === domain.split(".")[0],
      ))
  )
    return "social";
  if (medium === "organic") return "organic";
  if (REFERRAL_MEDIUMS.test(medium)) return "referral";
  if (source === "(direct)" && (medium === "" || medium === "(none)" || medium === "(not set)"))
    return "direct";
  return "campaign";
}
