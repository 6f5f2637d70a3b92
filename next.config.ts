import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { buildContentSecurityPolicy, buildSecurityHeaders } from "./lib/security/headers";
import { site } from "./lib/site";

const isDev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  async headers() {
    const headers = {
      ...buildSecurityHeaders({ isDev }),
      "Content-Security-Policy": buildContentSecurityPolicy({ isDev, site }),
    };
    return [{ source: "/:path*", headers: Object.entries(headers).map(([key, value]) => ({ key, value })) }];
  },
};

export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
