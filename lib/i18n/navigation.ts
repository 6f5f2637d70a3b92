import { createNavigation } from "next-intl/navigation";
import { routing } from "./routing";

// Locale-aware drop-ins for next/link and next/navigation. Public pages must not import this module,
// not even on the server: its Link is a client component that brings next-intl's client runtime into
// every page's first load (docs/performance.md). They use lib/i18n/locale-path.ts instead.
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
