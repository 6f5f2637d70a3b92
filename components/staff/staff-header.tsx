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
          {actorName && (
            <span className="hidden text-muted md:inline">
              {t("signedInAs", { name: actorName })}
            </span>
          )}
          <Link
            href="/crm/account"
            className="rounded-md px-2 py-1.5 font-medium text-muted hover:text-foreground"
          >
            {t("Menu.account")}
          </Link>
          {isOwner && (
            <Link
              href="/crm/accounts"
              className="rounded-md px-2 py-1.5 font-medium text-muted hover:text-foreground"
            >
              {t("Menu.accounts")}
            </Link>
          )}
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
