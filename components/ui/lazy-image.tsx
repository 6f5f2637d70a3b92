"use client";

import Image from "next/image";
import { useEffect, useRef, useState } from "react";

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** Shown in a grey box when the image cannot be loaded, in the page's language. */
  failedText: string;
  className?: string;
}

type LoadState = "waiting" | "loading" | "loaded" | "failed";

/**
 * Spec §4: a placeholder until the image is near the viewport (50 px margin, 10% visible),
 * then it loads and fades in; a failure leaves a grey box that says so. The box keeps the
 * image's aspect ratio throughout, so nothing below it moves.
 */
export function LazyImage({ src, alt, width, height, sizes, failedText, className = "" }: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>("waiting");

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
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
  }, []);

  return (
    <div
      ref={boxRef}
      data-state={state}
      style={{ aspectRatio: `${width} / ${height}` }}
      // A still placeholder: a dozen pulsing boxes would keep the main thread busy for nothing.
      className={`relative overflow-hidden bg-surface-strong ${className}`}
    >
      {state === "failed" ? (
        <div className="absolute inset-0 flex items-center justify-center bg-mist-300 p-4 text-center text-sm font-medium text-ink-800">{failedText}</div>
      ) : state !== "waiting" ? (
        <Image
          src={src}
          alt={alt}
          width={width}
          height={height}
          sizes={sizes}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={`size-full object-cover transition-opacity duration-500 ${state === "loaded" ? "opacity-100" : "opacity-0"}`}
        />
      ) : null}
    </div>
  );
}
