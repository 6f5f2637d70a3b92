"use client";

import { useEffect, useRef } from "react";

/**
 * Calls `onNear` once, the first time the returned ref's element comes within `rootMargin` of the
 * viewport: the way heavy widgets (carousel, video player, forms) defer their code until needed.
 */
export function useOnceNearViewport<T extends Element>(onNear: () => void, rootMargin = "300px") {
  const ref = useRef<T>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  }, [onNear]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [rootMargin]);

  return ref;
}
