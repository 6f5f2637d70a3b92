"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";

const ROTATION_PER_FRAME = 0.005;
const MAP_SAMPLES = 18000;
// Places we work with, as [latitude, longitude].
const MARKERS: [number, number][] = [
  [40.4168, -3.7038],
  [41.3874, 2.1686],
  [19.4326, -99.1332],
  [4.711, -74.0721],
  [25.7617, -80.1918],
  [40.7128, -74.006],
  [-34.6037, -58.3816],
];

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const subscribeToReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * The rotating globe (cobe, WebGL). It starts once it is near the viewport and the page is idle,
 * draws at the screen's pixel density capped at 2, stops drawing whenever it is off screen, the tab
 * is hidden, the visitor hovers it or presses pause, and is never drawn for visitors who prefer
 * reduced motion.
 */
export function ImpactGlobe({
  label,
  pauseLabel,
  playLabel,
}: {
  label: string;
  pauseLabel: string;
  playLabel: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [isPaused, setIsPaused] = useState(false);
  const [isHovered, setIsHovered] = useState(false);
  const prefersReducedMotion = useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
  // Read by the animation loop; `resume` restarts it after a pause.
  const isStill = useRef(false);
  const resume = useRef(() => {});
  useEffect(() => {
    isStill.current = isPaused || isHovered;
    if (!isStill.current) resume.current();
  }, [isPaused, isHovered]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || prefersReducedMotion) return;
    let isOnScreen = false;
    let hasStarted = false;
    let frame = 0;
    let globe: { update: (state: { phi: number }) => void; destroy: () => void } | null = null;
    let phi = 0;
    let isCancelled = false;
    const shouldDraw = () => isOnScreen && !document.hidden && !isStill.current;
    // The loop stops itself when there is nothing to draw, so an idle globe costs no frames.
    const tick = () => {
      frame = 0;
      if (!globe || !shouldDraw()) return;
      phi += ROTATION_PER_FRAME;
      globe.update({ phi });
      frame = requestAnimationFrame(tick);
    };
    const play = () => {
      if (globe && !frame && shouldDraw()) frame = requestAnimationFrame(tick);
    };
    resume.current = play;
    // Wait for an idle moment so the globe never competes with the questionnaire for the main thread.
    const idle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const start = () =>
      idle(async () => {
        const { default: createGlobe } = await import("cobe");
        if (isCancelled) return;
        const size = element.offsetWidth;
        const isDark = document.documentElement.classList.contains("dark");
        // cobe multiplies width and height by devicePixelRatio itself: pass CSS pixels.
        globe = createGlobe(element, {
          devicePixelRatio: Math.min(window.devicePixelRatio || 1, 2),
          width: size,
          height: size,
          phi,
          theta: 0.25,
          dark: isDark ? 1 : 0,
          diffuse: 1.2,
          mapSamples: MAP_SAMPLES,
          mapBrightness: isDark ? 5 : 8,
          baseColor: isDark ? [0.25, 0.27, 0.3] : [0.93, 0.94, 0.95],
          markerColor: [0.98, 0.45, 0.09],
          glowColor: isDark ? [0.1, 0.3, 0.35] : [0.85, 0.95, 0.97],
          markers: MARKERS.map((location) => ({ location, size: 0.05 })),
        });
        play();
      });
    const visibility = new IntersectionObserver(
      (entries) => {
        isOnScreen = entries.some((entry) => entry.isIntersecting);
        if (isOnScreen && !hasStarted) {
          hasStarted = true;
          start();
        }
        play();
      },
      { rootMargin: "100px" },
    );
    visibility.observe(element);
    document.addEventListener("visibilitychange", play);
    return () => {
      isCancelled = true;
      resume.current = () => {};
      visibility.disconnect();
      document.removeEventListener("visibilitychange", play);
      cancelAnimationFrame(frame);
      globe?.destroy();
    };
  }, [prefersReducedMotion]);

  // Under reduced motion the globe is decoration the visitor asked not to see move: nothing is drawn.
  if (prefersReducedMotion) return null;

  return (
    <div
      className="relative mx-auto aspect-square w-full max-w-md"
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
    >
      <canvas ref={canvas} role="img" aria-label={label} className="size-full" />
      <button
        type="button"
        onClick={() => setIsPaused(!isPaused)}
        aria-pressed={isPaused}
        className="absolute right-2 bottom-2 rounded-full border border-border bg-background/90 px-3 py-1.5 text-xs font-semibold"
      >
        {isPaused ? playLabel : pauseLabel}
      </button>
    </div>
  );
}
