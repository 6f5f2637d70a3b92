"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";

interface ActionsBarProps {
  brand: string;
  /** The navigation landmark's name ("Proposal actions"). */
  label: string;
  menuLabel: string;
  closeMenuLabel: string;
  /** The language toggle, shown beside the menu button on phones. */
  toggle?: ReactNode;
  /** The actions: a row on wide screens, a drop-down panel under the bar on phones. */
  children: ReactNode;
}

/**
 * The proposal pages' sticky bar. On phones the actions open in a panel placed `absolute` under the bar
 * (a `fixed` panel would take the blurred bar as its containing block and open behind the document);
 * the page keeps scrolling, and the panel closes on an action, Escape or a tap outside it.
 */
export function ActionsBar({
  brand,
  label,
  menuLabel,
  closeMenuLabel,
  toggle,
  children,
}: ActionsBarProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setIsOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!barRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [isOpen]);

  return (
    <div
      ref={barRef}
      data-proposal-actions
      className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur print:hidden"
    >
      <nav
        aria-label={label}
        className="relative mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3"
      >
        <span className="min-w-0 truncate font-display font-semibold">{brand}</span>
        <div className="flex shrink-0 items-center gap-2">
          {toggle}
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={menuId}
            onClick={() => setIsOpen((open) => !open)}
            className="rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:bg-surface-strong md:hidden"
          >
            {isOpen ? closeMenuLabel : menuLabel}
          </button>
          <div
            id={menuId}
            data-testid="proposal-actions-menu"
            // An action taken from the panel closes it; on wide screens the row has nothing to close.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a, button")) setIsOpen(false);
            }}
            className={`${isOpen ? "flex" : "hidden"} absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] flex-col gap-3 overflow-y-auto border-b border-border bg-background p-4 shadow-lg md:static md:flex md:max-h-none md:flex-row md:flex-wrap md:items-center md:justify-end md:gap-2 md:overflow-visible md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
          >
            {children}
          </div>
        </div>
      </nav>
    </div>
  );
}
