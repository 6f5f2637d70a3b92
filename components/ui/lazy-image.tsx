"use client";

import { useEffect, useRef, useState } from "react";
import { StaticImage } from "./static-image";

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Shown in a grey box when the image cannot be loaded, in the page's language. */
  failedText: string;
  className?: string;
  /** Above the fold (the blog index's first cover): load at once, as part of the first paint, without the fade. */
  isAboveFold?: boolean;
}

type LoadState = "waiting" | "loading" | "loaded" | "failed";

/**
 * A placeholder until the image is near the viewport (50 px margin, 10% visible),
 * then it loads and fades in; a failure leaves a grey box that says so. The box keeps the
 * image's aspect ratio throughout, so nothing below it moves.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  failedText,
  className = "",
  isAboveFold = false,
}: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // Waiting for the observer would hold back the page's largest image by a whole hydration.
  const [state, setState] = useState<LoadState>(isAboveFold ? "loaded" : "waiting");

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (isAboveFold) {
      // Server-rendered, it may have failed before hydration attached onError; React does not replay that.
      const img = box.querySelector("img");
      if (img?.complete && img.naturalWidth === 0) setState("failed");
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState((current) => (current === "waiting" ? "loading" : current));
          observer.disconnect();
        }
      },
      { rootMargin: "50px", threshold: 0.1 },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [isAboveFold]);

  return (
    <div
      ref={boxRef}
      data-state={state}
      style={{ aspectRatio: `${width} / ${height}` }}
      // A still placeholder: a dozen pulsing boxes would keep the main thread busy for nothing.
      className={`relative overflow-hidden bg-surface-strong ${className}`}
    >
      {state === "failed" ? (
        <div className="absolute inset-0 flex items-center justify-center bg-mist-300 p-4 text-center text-sm font-medium text-ink-800">
          {failedText}
        </div>
      ) : state !== "waiting" ? (
        <StaticImage
          src={src}
          alt={alt}
          width={width}
          height={height}
          isPriority={isAboveFold}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={`size-full object-cover transition-opacity duration-500 ${state === "loaded" ? "opacity-100" : "opacity-0"}`}
        />
      ) : null}
    </div>
  );
}
