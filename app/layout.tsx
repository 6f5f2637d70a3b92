import type { ReactNode } from "react";
import "./globals.css";

// Each area renders its own <html> (the public site per locale, later the staff tools),
// so this root layout only carries the global stylesheet.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
