import localFont from "next/font/local";

// Self-hosted: next/font/google would download at build time, which fails offline. The files are the
// Latin cuts of the @fontsource-variable packages with only the weights the pages use, made by
// scripts/assets/cut-font-weights.ts (47 kB for both, from 71 kB; docs/performance.md, "Fonts"). Only
// Latin: it covers every Spanish and English character (á, ñ, ¿, ¡, €, curly quotes); a latin-ext
// file listed without a unicode-range once made browsers download and use it for all text.
//
// font-display: optional, not swap. Both files are preloaded, so on a normal connection they are in
// before the first paint and nothing changes. On a slow one, swap drew the page in the fallback face and
// then swapped, re-wrapping every paragraph: layout shifts of 0.03–0.05 on the home page and 0.25 on the
// privacy policy when the fonts came 1.5 s late. next/font's metric-adjusted fallback is local(Arial),
// so where there is no Arial (Linux, many phones) the fallback is the generic sans-serif at its own
// size. With optional the browser waits briefly for a preloaded font, then keeps
// the fallback for that page; the next page has the fonts from cache. Nothing moves
// (tests/e2e/site/font-swap.spec.ts).
export const inter = localFont({
  src: [
    {
      path: "../assets/fonts/inter-latin-400-700.woff2",
      // The pages use 400 to 600, and 700 for <strong>; the axis is cut to that range.
      weight: "400 700",
      style: "normal",
    },
  ],
  variable: "--font-inter",
  display: "optional",
});

export const spaceGrotesk = localFont({
  src: [
    {
      // One static weight: every heading set in Space Grotesk is semibold (font-display font-semibold).
      path: "../assets/fonts/space-grotesk-latin-600.woff2",
      weight: "600",
      style: "normal",
    },
  ],
  variable: "--font-space-grotesk",
  display: "optional",
});

export const fontVariables = `${inter.variable} ${spaceGrotesk.variable}`;
