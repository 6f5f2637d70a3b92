"use client";

import { useId, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Logo } from "@/components/site/logo";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { currentOf, type StaffNavItem } from "@/lib/staff/staff-nav";
import { CommandPaletteButton } from "./command-palette-button";
import { staffApi } from "./staff-api";

/**
 * The staff shell's header: the tools the role may open (a row on wide screens, a menu on phones), the
 * account menu, language, theme and 'Lock' (ends the session on the server). The current page is read from
 * the address on the client because the CRM switches its tabs without a server render.
 */
export function StaffHeader({
  brand,
  title,
  actorName,
  nav,
  isSticky = true,
  notifications,
}: {
  brand: string;
  title: string;
  actorName: string | null;
  /** What the role may open (lib/staff/staff-nav.ts); each page checks the role again itself. */
  nav: StaffNavItem[];
  /** Off on pages with their own sticky bar (the proposal pages), so the two never overlap. */
  isSticky?: boolean;
  /** The signed-in account's unread notifications (the link to /crm/notifications shows the count). */
  notifications?: { unread: number };
}) {
  const t = useTranslations("Staff");
  const tNotifications = useTranslations("Notifications");
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const tab = useSearchParams().get("tab");
  const [isLocking, setIsLocking] = useState(false);
  const [isNavOpen, setIsNavOpen] = useState(false);
  const navId = useId();

  const [isSwitching, setIsSwitching] = useState(false);
  /** The account's one language (every tool and its e-mails follow it), then the page again in it. */
  async function switchLanguage() {
    setIsSwitching(true);
    try {
      await staffApi.setLanguage(locale === "en" ? "es" : "en");
    } catch {
      // Nothing changed on the server: the refresh shows the page as it is (or the lock screen).
    } finally {
      router.refresh();
      setIsSwitching(false);
    }
  }

  async function lock() {
    setIsLocking(true);
    try {
      await staffApi.lock();
    } catch {
      // Whatever the answer, the refresh below shows the truth: the lock screen, or the still-open tool.
    } finally {
      router.refresh();
      setIsLocking(false);
    }
  }

  const signedInAs = actorName && (
    <p className="truncate px-2 py-1.5 text-muted">{t("signedInAs", { name: actorName })}</p>
  );
  const accountLink = (
    <IntentLink
      href="/crm/account"
      aria-current={pathname === "/crm/account" ? "page" : undefined}
      className="block rounded-md px-2 py-1.5 font-medium hover:bg-surface-strong"
    >
      {t("Menu.account")}
    </IntentLink>
  );
  const languageButton = (
    <button
      type="button"
      onClick={switchLanguage}
      disabled={isSwitching}
      lang={locale === "en" ? "es" : "en"}
      className="rounded-md px-2 py-1.5 font-medium text-muted hover:text-foreground"
    >
      {locale === "en" ? "ES" : "EN"}
      <span className="sr-only">
        {" "}
        {locale === "en" ? t("switchToSpanish") : t("switchToEnglish")}
      </span>
    </button>
  );
  const themeToggle = (
    <ThemeToggle label={t("themeLabel")} lightLabel={t("themeLight")} darkLabel={t("themeDark")} />
  );

  return (
    <header
      className={`${isSticky ? "sticky top-0" : "relative"} z-30 border-b border-border bg-background/95 backdrop-blur print:hidden`}
    >
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-3">
        <div className="flex min-w-0 items-center gap-1.5 sm:gap-3">
          <button
            type="button"
            aria-expanded={isNavOpen}
            aria-controls={navId}
            onClick={() => setIsNavOpen((open) => !open)}
            className="-ml-2 shrink-0 rounded-md p-2 text-muted hover:text-foreground md:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none">
              <path
                d={isNavOpen ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span className="sr-only">{isNavOpen ? t("Nav.close") : t("Nav.open")}</span>
          </button>
          {/* On a phone the mark alone leaves room for the tool's name. */}
          <Logo name={brand} nameClassName="sr-only sm:not-sr-only" />
          <span aria-hidden="true" className="hidden text-muted sm:inline">
            /
          </span>
          <span className="truncate font-semibold">{title}</span>
        </div>
        <div className="flex shrink-0 items-center gap-1 text-sm sm:gap-3">
          {/* From 640 px the account menu, language and theme sit here; on a phone they are in the menu. */}
          <div className="hidden items-center gap-3 sm:flex">
            {/* The account menu: a native disclosure, so it works without extra script and by keyboard. */}
            <details className="group relative">
              <summary className="cursor-pointer list-none rounded-md px-2 py-1.5 font-medium text-muted hover:text-foreground [&::-webkit-details-marker]:hidden">
                {t("Menu.label")}
              </summary>
              <div className="absolute right-0 z-40 mt-2 w-60 rounded-lg border border-border bg-background p-2 shadow-lg">
                {signedInAs}
                {accountLink}
              </div>
            </details>
            {languageButton}
            {themeToggle}
          </div>
          <CommandPaletteButton nav={nav} />
          {notifications && (
            <IntentLink
              href="/crm/notifications"
              aria-current={pathname === "/crm/notifications" ? "page" : undefined}
              data-testid="notifications-link"
              className="relative rounded-md p-2 text-muted hover:text-foreground aria-[current]:text-foreground"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none">
                <path
                  d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="sr-only">
                {tNotifications("link")}:{" "}
                {tNotifications("unread", { count: notifications.unread })}
              </span>
              {notifications.unread > 0 && (
                <span
                  aria-hidden="true"
                  data-testid="notifications-count"
                  className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-semibold text-on-accent"
                >
                  {notifications.unread > 99 ? "99+" : notifications.unread}
                </span>
              )}
            </IntentLink>
          )}
          <button
            type="button"
            onClick={lock}
            disabled={isLocking}
            className="rounded-full border border-border px-3 py-1.5 font-semibold hover:bg-surface-strong disabled:opacity-60"
          >
            {isLocking ? t("locking") : t("lock")}
          </button>
        </div>
      </div>
      {/* Wide screens: a row under the header. Phones: a panel under the header that the button opens. */}
      <div
        id={navId}
        className={`${isNavOpen ? "block" : "hidden"} absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-border bg-background shadow-lg md:static md:block md:max-h-none md:overflow-visible md:bg-transparent md:shadow-none`}
        // A link followed within the CRM keeps this header mounted: close the panel behind it.
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) setIsNavOpen(false);
        }}
      >
        <nav aria-label={t("Nav.label")}>
          <ul className="mx-auto flex max-w-7xl flex-col gap-0.5 p-2 md:flex-row md:flex-wrap md:gap-1 md:px-2 md:py-0">
            {nav.map((item) => {
              const current = currentOf(item.href, pathname, tab);
              return (
                <li key={item.key}>
                  <IntentLink
                    href={item.href}
                    aria-current={current}
                    data-nav={item.key}
                    className="block rounded-md px-3 py-2.5 text-sm font-medium text-muted hover:bg-surface-strong hover:text-foreground aria-[current]:bg-surface-strong aria-[current]:text-foreground md:rounded-none md:border-b-2 md:border-transparent md:px-2.5 md:py-2 md:hover:bg-transparent md:aria-[current]:border-accent md:aria-[current]:bg-transparent"
                  >
                    {t(`Nav.${item.key}`)}
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* On a phone the account, language and theme live here, under the tools. */}
        <div className="mx-2 mb-2 border-t border-border pt-2 text-sm sm:hidden">
          {signedInAs}
          {accountLink}
          <div className="flex items-center gap-3 px-0 py-1">
            {languageButton}
            {themeToggle}
          </div>
        </div>
      </div>
    </header>
  );
}
