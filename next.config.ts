import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { buildContentSecurityPolicy, buildSecurityHeaders } from "./lib/security/headers";
import { site } from "./lib/site";
import { NON_STAFF_PATHS_SOURCE } from "./lib/staff/staff-paths";
import { BUILD_SITE_URL_KEY } from "./scripts/lib/site-origin";

const isDev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The production server compresses (scripts/front-door-server.ts): Brotli where the browser accepts it.
  compress: false,
  // app/global-not-found.tsx answers every unmatched URL with a complete server-rendered 404.
  experimental: { globalNotFound: true },
  reactStrictMode: true,
  typedRoutes: false,
  // `npm test` checks the types once (`npm run typecheck`) before its end-to-end build, which then
  // skips Next's second pass over the same files (about a minute here). Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  // PDFKit reads its data files (and the DejaVu fonts) from disk at run time: left to Node, not bundled,
  // with fontkit, which parses the fonts for it (lib/proposals/pdf/tagged-pdf.ts).
  serverExternalPackages: ["pdfkit", "fontkit"],
  // Recorded in the build output so `npm start` can refuse a SITE_URL other than the one baked into the pages.
  env: { [BUILD_SITE_URL_KEY]: site.siteUrl },
  // The path app/sitemap.xml belongs to Next's own sitemap convention (app/sitemap.ts), whose
  // serializer puts the hreflang links before changefreq and priority, against the sitemaps.org
  // schema; ours is written by lib/seo/sitemap.ts and served from app/sitemap-xml at the usual address.
  async rewrites() {
    // The Spanish blog feed has no /es prefix, and proxy.ts (next-intl) leaves paths with a dot alone.
    return {
      beforeFiles: [
        { source: "/sitemap.xml", destination: "/sitemap-xml" },
        { source: "/blog/rss.xml", destination: "/es/blog/rss.xml" },
      ],
    };
  },
  async headers() {
    const asList = (headers: Record<string, string>) =>
      Object.entries(headers).map(([key, value]) => ({ key, value }));
    return [
      { source: "/:path*", headers: asList(buildSecurityHeaders({ isDev })) },
      // Staff pages get a per-request nonce policy from proxy.ts instead of this static one.
      {
        source: NON_STAFF_PATHS_SOURCE,
        headers: asList({ "Content-Security-Policy": buildContentSecurityPolicy({ isDev, site }) }),
      },
    ];
  },
};

export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
