/** Where a content image is served (app/media/[file]/route.ts): its id and an extension for its type. */
const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

export function contentImageUrl(image: { id: string; mime: string }): string {
  return `/media/${image.id}.${EXTENSIONS[image.mime] ?? "bin"}`;
}

/** The PNG a social network can show for an image (an SVG cover is rasterised by the media route). */
export function contentImageSocialUrl(image: { id: string; mime: string }): string {
  return image.mime === "image/svg+xml" ? `/media/${image.id}.png` : contentImageUrl(image);
}
