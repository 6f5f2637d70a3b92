"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import type { StaffNavItem } from "@/lib/staff/staff-nav";

// The palette's code is fetched the first time it is opened, so no staff page pays for it on load.
const CommandPalette = dynamic(() => import("./command-palette").then((m) => m.CommandPalette), {
  ssr: false,
});

const noChange = () => () => {};
/** Apple keyboards say ⌘ where others say Ctrl (iPadOS reports itself as a Mac). */
const isApplePlatform = () => {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
    navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform);
};

/**
 * Opens the command palette: Ctrl+K (⌘K on a Mac) anywhere on a staff page, or this button (for touch
 * screens and for anyone who does not know the shortcut).
 */
export function CommandPaletteButton({ nav }: { nav: StaffNavItem[] }) {
  const t = useTranslations("Staff.Palette");
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The server cannot know the keyboard: it renders "Ctrl K", and a Mac shows ⌘K once hydrated (no mismatch).
  const isApple = useSyncExternalStore(noChange, isApplePlatform, () => false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setIsOpen(true);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="palette-button"
        className="flex items-center gap-2 rounded-md p-2 text-muted hover:text-foreground lg:rounded-full lg:border lg:border-border lg:px-3 lg:py-1"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 lg:size-4" fill="none">
          <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only lg:not-sr-only">{t("open")}</span>
        {/* Both hints share one cell, the other one invisible, so the button keeps its width when the hint changes. */}
        <kbd
          aria-hidden="true"
          data-testid="palette-shortcut"
          className="hidden font-sans text-xs text-muted lg:inline-grid"
        >
          <span className={`col-start-1 row-start-1 ${isApple ? "invisible" : ""}`}>
            {t("shortcut")}
          </span>
          <span className={`col-start-1 row-start-1 ${isApple ? "" : "invisible"}`}>
            {t("shortcutApple")}
          </span>
        </kbd>
      </button>
      {isOpen && (
        <CommandPalette
          nav={nav}
          onClose={() => {
            setIsOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
