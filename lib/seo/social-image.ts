import { site } from "../site";

/** File name of the default social image under public/images/: it carries the product's name. */
export function socialImageFile(brand: string): string {
  return `${brand
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-social.png`;
}

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The default social image for page metadata, with its alt text in the page's language. */
export function defaultSocialImage(alt: string, brand: string = site.name) {
  return { path: `/images/${socialImageFile(brand)}`, ...SOCIAL_IMAGE_SIZE, alt };
}
