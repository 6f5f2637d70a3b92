"use client";

import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "@/lib/theme/theme-key";

interface ThemeToggleProps {
  label: string;
  lightLabel: string;
  darkLabel: string;
  /** Classes for the sun and moon beside the switch (the site header drops them on narrow phones). */
  iconClassName?: string;
}

// The theme script in <head> owns the initial class; this component only reads and flips it.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDarkNow = () => document.documentElement.classList.contains("dark");
const isDarkOnServer = () => false;

/** Sun, switch, moon. Choosing stores the theme, which from then on wins over the system preference. */
export function ThemeToggle({
  label,
  lightLabel,
  darkLabel,
  iconClassName = "",
}: ThemeToggleProps) {
  const isDark = useSyncExternalStore(subscribe, isDarkNow, isDarkOnServer);

  function choose(theme: "light" | "dark") {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage can be blocked (private mode); the choice then lasts for this page only.
    }
    document.documentElement.classList.toggle("dark", theme === "dark");
    document.documentElement.style.colorScheme = theme;
  }

  return (
    <div className="flex items-center gap-1.5 text-muted">
      <SunIcon className={iconClassName} />
      <button
        type="button"
        role="switch"
        aria-checked={isDark}
        aria-label={label}
        title={isDark ? darkLabel : lightLabel}
        onClick={() => choose(isDark ? "light" : "dark")}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border bg-surface-strong transition-colors aria-checked:bg-ink-700"
      >
        <span
          aria-hidden="true"
          className={`inline-block size-4 rounded-full bg-accent shadow transition-transform ${isDark ? "translate-x-6" : "translate-x-1"}`}
        />
      </button>
      <MoonIcon className={iconClassName} />
    </div>
  );
}

function SunIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`size-4 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`size-4 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
    </svg>
  );
}
