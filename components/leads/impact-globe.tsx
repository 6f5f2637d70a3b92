"use client";

import { useEffect, useRef, useState } from "react";

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

/**
 * The rotating globe (cobe, WebGL). Its code loads once it scrolls into view, it draws only while on
 * screen, pauses on hover and with its button, and stands still for visitors who prefer reduced motion.
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
  // Read by the animation loop on every frame.
  const isStill = useRef(false);
  useEffect(() => {
    isStill.current = isPaused || isHovered;
  }, [isPaused, isHovered]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Only draw while on screen: off screen the globe costs nothing, and it never starts before the visitor scrolls to it.
    let isOnScreen = false;
    let hasStarted = false;
    const prefersReducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let frame = 0;
    let destroy = () => {};
    let isCancelled = false;
    // Wait for an idle moment so the globe never competes with the questionnaire for the main thread.
    const idle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const start = () =>
      idle(async () => {
        const { default: createGlobe } = await import("cobe");
        if (isCancelled) return;
        const size = element.offsetWidth;
        const isDark = document.documentElement.classList.contains("dark");
        let phi = 0;
        const globe = createGlobe(element, {
          devicePixelRatio: Math.min(window.devicePixelRatio, 2),
          width: size * 2,
          height: size * 2,
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
        destroy = () => globe.destroy();
        if (prefersReducedMotion) return;
        const tick = () => {
          if (!isStill.current && isOnScreen) {
            phi += ROTATION_PER_FRAME;
            globe.update({ phi });
          }
          frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      });
    const visibility = new IntersectionObserver(
      (entries) => {
        isOnScreen = entries.some((entry) => entry.isIntersecting);
        if (isOnScreen && !hasStarted) {
          hasStarted = true;
          start();
        }
      },
      { rootMargin: "100px" },
    );
    visibility.observe(element);
    return () => {
      isCancelled = true;
      visibility.disconnect();
      cancelAnimationFrame(frame);
      destroy();
    };
  }, []);

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
