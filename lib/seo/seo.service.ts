// The SEO feature's public face for other features: the addresses of pages outside the /en scheme.
export { OPTIN_PATHS } from "./public-pages";
