"use client";

import AutoScroll from "embla-carousel-auto-scroll";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  CarouselTrack,
  ControlsRow,
  PlayPauseIcon,
  type CarouselLabels,
  type CarouselSlide,
} from "./carousel-parts";

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The differentiators carousel (docs/product.md#business-constants): loops, auto-scrolls (600 ms delay, speed 0.9), stops while the pointer is over
 * it and resumes after. Reduced motion starts it paused; the play/pause button always wins.
 */
export default function DifferentiatorsEmbla({
  slides,
  labels,
}: {
  slides: CarouselSlide[];
  labels: CarouselLabels;
}) {
  const [startsPlaying] = useState(() => !prefersReducedMotion());
  const [autoScroll] = useState(() =>
    AutoScroll({
      startDelay: 600,
      speed: 0.9,
      stopOnMouseEnter: true,
      stopOnInteraction: false,
      playOnInit: startsPlaying,
    }),
  );
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true, align: "start", dragFree: true }, [
    autoScroll,
  ]);
  const wantsPlay = useRef(startsPlaying);
  const [isPlaying, setIsPlaying] = useState(startsPlaying);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap() % slides.length);
    // The plugin restarts itself after hover, drag or focus; a visitor's pause must outlast all of those.
    const onPlay = () => {
      if (!wantsPlay.current) window.setTimeout(() => autoScroll.stop(), 0);
    };
    onSelect();
    emblaApi.on("select", onSelect).on("reInit", onSelect).on("autoScroll:play", onPlay);
    return () => {
      emblaApi.off("select", onSelect).off("reInit", onSelect).off("autoScroll:play", onPlay);
    };
  }, [emblaApi, autoScroll, slides.length]);

  const togglePlay = useCallback(() => {
    wantsPlay.current = !wantsPlay.current;
    setIsPlaying(wantsPlay.current);
    if (wantsPlay.current) autoScroll.play();
    else autoScroll.stop();
  }, [autoScroll]);

  const goTo = useCallback(
    (index: number) => {
      if (!emblaApi) return;
      // Hand scrolling back to Embla for the jump; auto-scroll picks up again once it settles.
      if (autoScroll.isPlaying()) autoScroll.reset();
      emblaApi.scrollTo(index);
    },
    [emblaApi, autoScroll],
  );

  return (
    <div data-carousel={emblaApi ? "ready" : "loading"} data-playing={isPlaying}>
      <CarouselTrack slides={slides} labels={labels} viewportRef={viewportRef} />
      <ControlsRow>
        <button
          type="button"
          onClick={togglePlay}
          aria-label={isPlaying ? labels.pause : labels.play}
          className="inline-flex size-10 items-center justify-center rounded-full border border-border bg-background transition-colors hover:bg-surface-strong"
        >
          <PlayPauseIcon isPlaying={isPlaying} />
        </button>
        <div className="flex items-center">
          {slides.map((slide, index) => (
            <button
              key={slide.key}
              type="button"
              onClick={() => goTo(index)}
              aria-label={labels.goTo(index + 1, slide.title)}
              aria-current={index === selected ? "true" : undefined}
              className="group inline-flex size-7 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className="block size-2.5 rounded-full bg-mist-400 transition-all group-aria-[current=true]:w-6 group-aria-[current=true]:bg-accent dark:bg-ink-500"
              />
            </button>
          ))}
        </div>
      </ControlsRow>
    </div>
  );
}
