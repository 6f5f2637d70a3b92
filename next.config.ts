import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { buildContentSecurityPolicy, buildSecurityHeaders } from "./lib/security/headers";
import { site } from "./lib/site";
import { NON_STAFF_PATHS_SOURCE } from "./lib/staff/staff-paths";

const isDev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
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
