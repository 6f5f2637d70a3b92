import { defineRouting } from "next-intl/routing";

export const routing = defineRouting({
  locales: ["es", "en"],
  defaultLocale: "es",
  // Spanish lives at `/`, English under `/en`; `/es/…` redirects to `/…`.
  localePrefix: "as-needed",
  // A visitor to `/` always gets Spanish, whatever the browser asks for: the URL alone decides.
  localeDetection: false,
  localeCookie: false,
});

export type Locale = (typeof routing.locales)[number];
