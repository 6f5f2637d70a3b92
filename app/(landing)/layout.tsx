import type { ReactNode } from "react";
import { fontVariables } from "@/lib/fonts";
import { themeScript } from "@/lib/theme/theme-script";

/** Landing pages that switch language in place: the document opens in English (spec §4). */
export default function LandingLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">{children}</body>
    </html>
  );
}
