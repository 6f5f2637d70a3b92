import { useEffect } from "react";

/** Locks page scroll while `isLocked` (an open mobile menu), restoring the previous value afterwards. */
export function useScrollLock(isLocked: boolean): void {
  useEffect(() => {
    if (!isLocked) return;
    const { body, documentElement } = document;
    const previous = { body: body.style.overflow, html: documentElement.style.overflow };
    body.style.overflow = "hidden";
    documentElement.style.overflow = "hidden";
    return () => {
      body.style.overflow = previous.body;
      documentElement.style.overflow = previous.html;
    };
  }, [isLocked]);
}
