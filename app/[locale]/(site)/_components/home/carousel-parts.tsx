import type { ReactNode, Ref } from "react";
import { LazyImage } from "@/components/ui/lazy-image";

export interface CarouselSlide {
  key: string;
  title: string;
  body: string;
  image: string;
}

export interface CarouselLabels {
  region: string;
  slide: (index: number, total: number) => string;
  pause: string;
  play: string;
  goTo: (index: number, title: string) => string;
  imageFailed: string;
}

/** The loop needs more slides than fit on screen, so the five are shown twice. */
export function loopedSlides(
  slides: CarouselSlide[],
): { slide: CarouselSlide; index: number; isCopy: boolean }[] {
  return [...slides, ...slides].map((slide, i) => ({
    slide,
    index: i % slides.length,
    isCopy: i >= slides.length,
  }));
}

/** The track both the static and the interactive carousel render, so swapping them moves nothing. */
export function CarouselTrack({
  slides,
  labels,
  viewportRef,
}: {
  slides: CarouselSlide[];
  labels: CarouselLabels;
  viewportRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={viewportRef} className="overflow-hidden">
      <div className="flex touch-pan-y">
        {loopedSlides(slides).map(({ slide, index, isCopy }, i) => (
          <div
            key={`${slide.key}-${i}`}
            role={isCopy ? undefined : "group"}
            aria-roledescription={isCopy ? undefined : "slide"}
            aria-label={isCopy ? undefined : labels.slide(index + 1, slides.length)}
            aria-hidden={isCopy || undefined}
            data-slide-index={index}
            className="min-w-0 shrink-0 grow-0 basis-[200px] pr-4 sm:basis-[225px] md:basis-[250px] lg:basis-[270px]"
          >
            <article className="h-full overflow-hidden rounded-2xl border border-border bg-background">
              <LazyImage
                src={slide.image}
                alt=""
                width={540}
                height={360}
                failedText={labels.imageFailed}
              />
              <div className="p-4">
                <h3 className="font-display font-semibold">{slide.title}</h3>
                <p className="mt-1 text-sm text-muted">{slide.body}</p>
              </div>
            </article>
          </div>
        ))}
      </div>
    </div>
  );
}

export function ControlsRow({
  children,
  isPlaceholder = false,
}: {
  children: ReactNode;
  isPlaceholder?: boolean;
}) {
  return (
    <div
      className={`mt-6 flex h-10 items-center justify-center gap-4 ${isPlaceholder ? "invisible" : ""}`}
    >
      {children}
    </div>
  );
}

export function PlayPauseIcon({ isPlaying }: { isPlaying: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
      {isPlaying ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
    </svg>
  );
}
