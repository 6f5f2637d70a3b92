"use client";

import { useState, type ComponentType } from "react";
import { useOnceNearViewport } from "@/components/ui/use-once-near-viewport";
import {
  CarouselTrack,
  ControlsRow,
  type CarouselLabels,
  type CarouselSlide,
} from "./carousel-parts";

interface Props {
  slides: CarouselSlide[];
  labels: Omit<CarouselLabels, "slide" | "goTo"> & { slide: string; goTo: string };
}

function StaticCarousel({ slides, labels }: { slides: CarouselSlide[]; labels: CarouselLabels }) {
  return (
    <div data-carousel="static">
      <CarouselTrack slides={slides} labels={labels} />
      <ControlsRow isPlaceholder>{null}</ControlsRow>
    </div>
  );
}

/**
 * Renders the slides as plain markup and fetches Embla only when the carousel nears the viewport,
 * so the carousel library is never part of the page's first load.
 */
export function DifferentiatorsCarousel({ slides, labels: rawLabels }: Props) {
  // Server components pass message templates; functions cannot cross the server/client boundary.
  const labels: CarouselLabels = {
    ...rawLabels,
    slide: (index, total) =>
      rawLabels.slide.replace("{index}", String(index)).replace("{total}", String(total)),
    goTo: (index, title) =>
      rawLabels.goTo.replace("{index}", String(index)).replace("{title}", title),
  };
  const [Embla, setEmbla] = useState<ComponentType<{
    slides: CarouselSlide[];
    labels: CarouselLabels;
  }> | null>(null);
  const boxRef = useOnceNearViewport<HTMLDivElement>(() => {
    // The static slides stay on screen until the chunk has arrived: nothing jumps meanwhile.
    import("./differentiators-embla").then(
      (module) => setEmbla(() => module.default),
      () => {}, // offline: the static slides remain, which is a fine carousel without motion
    );
  }, "400px");

  return (
    <div ref={boxRef} role="region" aria-roledescription="carousel" aria-label={labels.region}>
      {Embla ? (
        <Embla slides={slides} labels={labels} />
      ) : (
        <StaticCarousel slides={slides} labels={labels} />
      )}
    </div>
  );
}
