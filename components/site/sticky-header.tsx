"use client";

import { useEffect, useState, type ReactNode } from "react";

/** The header turns blurred and shadowed once the page is scrolled more than 50 px. */
const SCROLL_THRESHOLD_PX = 50;

export function StickyHeader({ children }: { children: ReactNode }) {
  const [isScrolled, setIsScrolled] = useState(false);

  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <header
      data-scrolled={isScrolled}
      className="sticky top-0 z-40 border-b border-transparent bg-background transition-[background-color,box-shadow,border-color] duration-200 data-[scrolled=true]:border-border data-[scrolled=true]:bg-background/80 data-[scrolled=true]:shadow-md data-[scrolled=true]:backdrop-blur-md"
    >
      {children}
    </header>
  );
}
