import localFont from "next/font/local";

// Self-hosted from npm packages: next/font/google would download at build time, which fails offline.
// Only the Latin subset: it covers every Spanish and English character (á, ñ, ¿, ¡, €, curly quotes).
// Listing latin-ext as a second source without a unicode-range made browsers download and use that
// 86 KB file for all text, and preloading both put 135 KB of fonts ahead of the hero on a phone.
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
