import type { ReactNode } from "react";
import { AnalyticsTracker } from "@/components/analytics/analytics-tracker";
import { fontVariables } from "@/lib/fonts";
import { site } from "@/lib/site";
import { themeScript } from "@/lib/theme/theme-script";

/** Landing pages that switch language in place: the document opens in English (docs/product.md#optin-questionnaire). */
export default function LandingLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <AnalyticsTracker receptionistName={site.receptionistName} />
      </body>
    </html>
  );
}
