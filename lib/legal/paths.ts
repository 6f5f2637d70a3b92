/** Addresses of the legal pages (without locale prefix), for links from anywhere on the site. */
export const PRIVACY_PATH = "/privacy-policy";
export const TERMS_PATH = "/terms-and-conditions";
