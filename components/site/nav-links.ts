import type { Locale } from "@/lib/i18n/routing";
import { NAV_ITEMS, navItemPath, type NavItemId } from "@/lib/content/navigation";
import { localizedPath } from "@/lib/seo/metadata";

export interface NavLink {
  id: NavItemId;
  href: string;
  label: string;
}

/** The shared nav list with localised addresses: `/#faq`, `/en#faq`, `/en/careers`… */
export function buildNavLinks(locale: Locale, label: (id: NavItemId) => string): NavLink[] {
  return NAV_ITEMS.map((id) => {
    const [path = "/", hash] = navItemPath(id).split("#");
    return {
      id,
      href: `${localizedPath(path, locale)}${hash ? `#${hash}` : ""}`,
      label: label(id),
    };
  });
}
