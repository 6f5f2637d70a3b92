import { describe, expect, it, vi } from "vitest";
import robots from "@/app/robots";
import { SOLUTION_SLUGS } from "@/lib/content/solutions";
import { routing } from "@/lib/i18n/routing";
import { LEGAL_EFFECTIVE_DATES } from "@/lib/legal/effective-dates";
import { lastModifiedOn } from "@/lib/seo/content-dates";
import {
  renderSitemapXml,
  sitemapEntries,
  type SitemapArticle,
  type SitemapJob,
} from "@/lib/seo/sitemap";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const ORIGIN = "https://avanza.example";
/** Live articles as the records give them (lib/content/public-articles.ts): two in both languages, one in Spanish only. */
const ARTICLES: SitemapArticle[] = [
  {
    slugs: { es: "integrate-ai-without-disruption", en: "integrate-ai-without-disruption" },
    lastModified: "2025-08-12",
  },
  {
    slugs: { es: "top-enterprise-ai-use-cases-2025", en: "top-enterprise-ai-use-cases-2025" },
    lastModified: "2025-07-03",
  },
  { slugs: { es: "solo-en-espanol" }, lastModified: "2025-10-01" },
];

/** Open jobs as the records give them (lib/careers/job-records.ts): one edited after posting, one in English only. */
const JOBS: SitemapJob[] = [
  {
    id: "video-editor",
    locales: ["es", "en"],
    lastModified: "2025-09-01",
    datePosted: "2025-09-01",
  },
  {
    id: "ai-software-developer",
    locales: ["es", "en"],
    lastModified: "2025-11-02",
    datePosted: "2025-10-20",
  },
  {
    id: "english-only-role",
    locales: ["en"],
    lastModified: "2025-09-05",
    datePosted: "2025-09-05",
  },
];

describe("sitemap", () => {
  const entries = sitemapEntries(ORIGIN, ARTICLES, JOBS);
  const urls = entries.map((entry) => new URL(entry.url).pathname);
  const entryFor = (path: string) => entries.find((entry) => entry.url === `${ORIGIN}${path}`);

  it("lists every solution page in Spanish and English", () => {
    for (const slug of SOLUTION_SLUGS)
      expect(urls).toEqual(expect.arrayContaining([`/solutions/${slug}`, `/en/solutions/${slug}`]));
  });

  it("gives each entry its es, en and x-default alternates", () => {
    expect(Object.keys(entryFor("/en/blog/integrate-ai-without-disruption")!.alternates)).toEqual([
      "es",
      "en",
      "x-default",
    ]);
  });

  it("lists a job only in the languages it is written in, and only the jobs it is given (the open ones)", () => {
    expect(entryFor("/en/careers/english-only-role")?.alternates).toEqual({});
    expect(entryFor("/careers/english-only-role")).toBeUndefined();
    expect(urls.filter((url) => url.includes("/careers/"))).toHaveLength(5);
  });

  it("lists an article only in the languages it is written in, without hreflang when it has one", () => {
    expect(entryFor("/blog/solo-en-espanol")?.alternates).toEqual({});
    expect(entryFor("/en/blog/solo-en-espanol")).toBeUndefined();
  });

  it("leaves out the noindex booking confirmation and the staff tools", () => {
    expect(
      urls.some((url) => /^\/(en\/)?(booking-confirmation|crm|analytics|proposal)/.test(url)),
    ).toBe(false);
  });

  it("dates an article by its publication, a job by its posting and a legal page by its effective date", () => {
    expect(entryFor("/en/blog/integrate-ai-without-disruption")?.lastModified).toBe("2025-08-12");
    expect(entryFor("/blog/top-enterprise-ai-use-cases-2025")?.lastModified).toBe("2025-07-03");
    expect(entryFor("/careers/video-editor")?.lastModified).toBe("2025-09-01");
    expect(entryFor("/en/careers/ai-software-developer")?.lastModified).toBe("2025-11-02");
    expect(entryFor("/privacy-policy")?.lastModified).toBe(LEGAL_EFFECTIVE_DATES.Privacy);
    expect(entryFor("/en/terms-and-conditions")?.lastModified).toBe(LEGAL_EFFECTIVE_DATES.Terms);
  });

  it("dates the blog and careers lists no earlier than the newest item they list", () => {
    expect(entryFor("/blog")!.lastModified >= "2025-10-01").toBe(true);
    expect(entryFor("/en/careers")!.lastModified >= "2025-10-20").toBe(true);
  });

  it("gives every page a real calendar date that is not in the future and does not follow the clock", () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const entry of entries) {
      expect(entry.lastModified, entry.url).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${entry.lastModified}T00:00:00Z`).toISOString().slice(0, 10)).toBe(
        entry.lastModified,
      );
      expect(entry.lastModified <= today, entry.url).toBe(true);
    }
    expect(lastModifiedOn("/no-such-page")).toBeUndefined();
  });

  it("gives the same dates whatever day the sitemap is built", () => {
    const datesOn = (day: string) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(day));
      try {
        return sitemapEntries(ORIGIN, ARTICLES).map((entry) => [entry.url, entry.lastModified]);
      } finally {
        vi.useRealTimers();
      }
    };
    expect(datesOn("2026-12-01T08:00:00Z")).toEqual(datesOn("2027-03-15T20:00:00Z"));
  });

  it("writes loc, lastmod, changefreq and priority before the alternates, with XML escaped", () => {
    const xml = renderSitemapXml([
      {
        url: `${ORIGIN}/a?b=1&c=2`,
        lastModified: "2025-09-02",
        changeFrequency: "monthly",
        priority: 0.7,
        alternates: { es: `${ORIGIN}/a`, "x-default": `${ORIGIN}/a` },
      },
    ]);
    expect(xml).toContain(
      [
        "<url>",
        `<loc>${ORIGIN}/a?b=1&amp;c=2</loc>`,
        "<lastmod>2025-09-02</lastmod>",
        "<changefreq>monthly</changefreq>",
        "<priority>0.7</priority>",
        `<xhtml:link rel="alternate" hreflang="es" href="${ORIGIN}/a"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/a"/>`,
        "</url>",
      ].join("\n"),
    );
  });
});

describe("content dates", () => {
  it("matches each legal page's stated month to its effective date in both languages", () => {
    const messages = { es, en };
    for (const locale of routing.locales)
      for (const document of ["Privacy", "Terms"] as const) {
        const month = new Intl.DateTimeFormat(locale, {
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        }).format(new Date(`${LEGAL_EFFECTIVE_DATES[document]}T12:00:00Z`));
        expect(messages[locale][document].updated, `${locale} ${document}`).toContain(month);
      }
  });
});

describe("robots.txt", () => {
  it("names the sitemap, keeps crawlers out of the staff tools and has no Host line", () => {
    const rules = robots();
    expect(rules).not.toHaveProperty("host");
    expect(rules.sitemap).toMatch(/\/sitemap\.xml$/);
    expect(JSON.stringify(rules.rules)).toContain("/crm");
  });
});
