"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Logo } from "@/components/site/logo";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { staffApi } from "./staff-api";

const STAFF_LOCALE_COOKIE = "avanza_staff_lang";

/** Title, who is signed in, language, theme and 'Lock' (ends the session on the server). */
export function StaffHeader({
  brand,
  title,
  actorName,
  isOwner = false,
}: {
  brand: string;
  title: string;
  actorName: string | null;
  /** Shows the link to the accounts page (the page itself checks the role again). */
  isOwner?: boolean;
}) {
  const t = useTranslations("Staff");
  const locale = useLocale();
  const router = useRouter();
  const [isLocking, setIsLocking] = useState(false);

  function switchLanguage() {
    const next = locale === "en" ? "es" : "en";
    document.cookie = `${STAFF_LOCALE_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    router.refresh();
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

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-3">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {/* On a phone the mark alone leaves room for the tool's name. */}
          <Logo name={brand} nameClassName="sr-only sm:not-sr-only" />
          <span aria-hidden="true" className="hidden text-muted sm:inline">
            /
          </span>
          <span className="truncate font-semibold">{title}</span>
        </div>
        <div className="flex shrink-0 items-center gap-1 text-sm sm:gap-3">
          {/* The account menu: a native disclosure, so it works without extra script and by keyboard. */}
          {/* On a phone the menu hangs from the header's full width (the sticky header is its containing
              block); anchored to the button it would run off the left edge. */}
          <details className="group sm:relative">
            <summary className="cursor-pointer list-none rounded-md px-2 py-1.5 font-medium text-muted hover:text-foreground [&::-webkit-details-marker]:hidden">
              {t("Menu.label")}
            </summary>
            <div className="absolute inset-x-4 top-full z-40 mt-2 rounded-lg border border-border bg-background p-2 shadow-lg sm:inset-x-auto sm:top-auto sm:right-0 sm:w-60">
              {actorName && (
                <p className="truncate px-2 py-1.5 text-muted">
                  {t("signedInAs", { name: actorName })}
                </p>
              )}
              <Link
                href="/crm/account"
                className="block rounded-md px-2 py-1.5 font-medium hover:bg-surface-strong"
              >
                {t("Menu.account")}
              </Link>
              {isOwner && (
                <Link
                  href="/crm/accounts"
                  className="block rounded-md px-2 py-1.5 font-medium hover:bg-surface-strong"
                >
                  {t("Menu.accounts")}
                </Link>
              )}
            </div>
          </details>
          <button
            type="button"
            onClick={switchLanguage}
            lang={locale === "en" ? "es" : "en"}
            className="rounded-md px-2 py-1.5 font-medium text-muted hover:text-foreground"
          >
            {locale === "en" ? "ES" : "EN"}
            <span className="sr-only">
              {" "}
              {locale === "en" ? t("switchToSpanish") : t("switchToEnglish")}
            </span>
          </button>
          <ThemeToggle
            label={t("themeLabel")}
            lightLabel={t("themeLight")}
            darkLabel={t("themeDark")}
          />
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
    </header>
  );
}
