"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { NavLink } from "./nav-links";

interface MobileMenuProps {
  links: NavLink[];
  label: string;
  openLabel: string;
  closeLabel: string;
}

/** Disclosure menu for small screens: Escape or choosing a link closes it and focus returns to the button. */
export function MobileMenu({ links, label, openLabel, closeLabel }: MobileMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    // Growing past the breakpoint shows the inline nav; a menu left open would hang below it.
    const wide = window.matchMedia("(min-width: 64rem)");
    const onWide = () => wide.matches && setIsOpen(false);
    document.addEventListener("keydown", onKey);
    wide.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", onWide);
    };
  }, [isOpen]);

  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={isOpen ? closeLabel : openLabel}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex size-10 items-center justify-center rounded-full border border-border text-foreground transition-colors hover:bg-surface-strong"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {isOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <nav
        id={panelId}
        aria-label={label}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full border-b border-border bg-background shadow-lg"
      >
        <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3 sm:grid-cols-2 sm:px-6">
          {links.map((link) => (
            <li key={link.id}>
              <a
                href={link.href}
                onClick={() => setIsOpen(false)}
                className="block rounded-lg px-3 py-3 font-medium transition-colors hover:bg-surface-strong"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
