import type { ReactNode } from "react";

// Landing pages render their own <html>, whose `lang` is the language each address opens in.
export default function LandingLayout({ children }: { children: ReactNode }) {
  return children;
}
