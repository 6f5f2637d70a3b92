import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";

type StaticImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "alt" | "width" | "height" | "loading" | "fetchPriority" | "decoding"
> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The page's main image above the fold: preloaded from <head>, fetched first, never lazy. */
  isPriority?: boolean;
};

/**
 * A plain <img> for the site's SVG artwork. next/image serves SVGs unoptimized anyway, but it is a
 * client component: every page with one shipped its code and hydrated each image (docs/performance.md).
 * Width and height reserve the space, so nothing moves when the image arrives.
 */
export function StaticImage({
  src,
  alt,
  width,
  height,
  isPriority = false,
  ...rest
}: StaticImageProps) {
  if (isPriority) preload(src, { as: "image", fetchPriority: "high" });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- on purpose: see the comment above
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? "eager" : "lazy"}
      fetchPriority={isPriority ? "high" : undefined}
      decoding="async"
      {...rest}
    />
  );
}
