import localFont from "next/font/local";

// Self-hosted from npm packages: next/font/google would download at build time, which fails offline.
// Only the Latin subset: it covers every Spanish and English character (á, ñ, ¿, ¡, €, curly quotes).
// Listing latin-ext as a second source without a unicode-range made browsers download and use that
// 86 KB file for all text, and preloading both put 135 KB of fonts ahead of the hero on a phone.
// The body font (48 KB) is not preloaded either: on a phone's connection it shared the first round
// trips with the page's main image and delayed it (LCP on `/` 2.7 s → 2.0 s without it, median of 4
// Lighthouse runs each, docs/performance.md). Text paints at once in the metric-matched fallback and
// swaps when Inter arrives; the smaller heading font stays preloaded.
export const inter = localFont({
  src: [
    {
      path: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
      weight: "100 900",
      style: "normal",
    },
  ],
  variable: "--font-inter",
  display: "swap",
  preload: false,
});

export const spaceGrotesk = localFont({
  src: [
    {
      path: "../node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2",
      weight: "300 700",
      style: "normal",
    },
  ],
  variable: "--font-space-grotesk",
  display: "swap",
});

export const fontVariables = `${inter.variable} ${spaceGrotesk.variable}`;
