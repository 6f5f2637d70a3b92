import localFont from "next/font/local";

// Self-hosted: next/font/google would download at build time, which fails offline. The files are the
// Latin cuts of the @fontsource-variable packages with only the weights the pages use, made by
// scripts/assets/cut-font-weights.ts (47 kB for both, from 71 kB; docs/performance.md, "Fonts"). Only
// Latin: it covers every Spanish and English character (á, ñ, ¿, ¡, €, curly quotes); a latin-ext
// file listed without a unicode-range once made browsers download and use it for all text.
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
  display: "swap",
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
  display: "swap",
});

export const fontVariables = `${inter.variable} ${spaceGrotesk.variable}`;
