import { LOGO_PATH, site } from "../site";

/** File name of the default social image under public/images/: it carries the product's name. */
export function socialImageFile(brand: string): string {
  return `${brand
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-social.png`;
}

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** The job pictures keep their 16:10 shape at social-card width. */
export const JOB_SOCIAL_IMAGE_SIZE = { width: 1200, height: 750 } as const;

export { LOGO_PATH };
export const LOGO_SIZE = 512;

export interface SocialImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** The default social image for page metadata, with its alt text in the page's language. */
export function defaultSocialImage(alt: string, brand: string = site.name): SocialImage {
  return { path: `/images/${socialImageFile(brand)}`, ...SOCIAL_IMAGE_SIZE, alt };
}

/**
 * The PNG rendition of a page's own SVG artwork (scripts/assets/generate-artwork.ts writes it beside
 * the SVG), since social networks do not show SVG.
 */
export function socialImageOf(
  svgPath: string,
  size: { width: number; height: number },
  alt: string,
): SocialImage {
  return { path: svgPath.replace(/\.svg$/, ".png"), ...size, alt };
}
