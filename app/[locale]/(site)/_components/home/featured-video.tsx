"use client";

import { useState } from "react";
import { LazyImage } from "@/components/ui/lazy-image";
import { useOnceNearViewport } from "@/components/ui/use-once-near-viewport";

interface FeaturedVideoProps {
  playerUrl: string;
  title: string;
  posterAlt: string;
  /** "Failed to load image" in the page's language. */
  posterFailedText: string;
}

/** Builds the embed address: muted and looping, autoplaying unless the visitor asked for less motion. */
function embedUrl(playerUrl: string, autoplay: boolean): string {
  const url = new URL(playerUrl);
  url.searchParams.set("autoplay", autoplay ? "1" : "0");
  url.searchParams.set("muted", "1");
  url.searchParams.set("loop", "1");
  return url.toString();
}

/**
 * 16:9 poster that swaps in the third-party player only when the section nears the viewport,
 * so the player's scripts never weigh on the first load. Offline, the poster stays until the network returns.
 */
export function FeaturedVideo({
  playerUrl,
  title,
  posterAlt,
  posterFailedText,
}: FeaturedVideoProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [isPlayerReady, setIsPlayerReady] = useState(false);
  const boxRef = useOnceNearViewport<HTMLDivElement>(() => {
    const loadPlayer = () =>
      setSrc(embedUrl(playerUrl, !window.matchMedia("(prefers-reduced-motion: reduce)").matches));
    // Offline, the frame would show the browser's error page over the poster: wait for the network.
    if (navigator.onLine) loadPlayer();
    else window.addEventListener("online", loadPlayer, { once: true });
  });

  return (
    <div
      ref={boxRef}
      data-player={src ? "loaded" : "poster"}
      className="relative aspect-video overflow-hidden rounded-3xl border border-border bg-ink-900 shadow-xl"
    >
      <div
        className={`absolute inset-0 transition-opacity duration-700 ${isPlayerReady ? "opacity-0" : "opacity-100"}`}
      >
        <LazyImage
          src="/images/video-poster.svg"
          alt={posterAlt}
          width={1280}
          height={720}
          failedText={posterFailedText}
          className="size-full"
        />
      </div>
      {src ? (
        <iframe
          src={src}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setIsPlayerReady(true)}
          className="absolute inset-0 size-full border-0"
        />
      ) : null}
    </div>
  );
}
