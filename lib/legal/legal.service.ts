// The legal feature's public face: where the policies live and when each took effect.
export { LEGAL_EFFECTIVE_DATES } from "./effective-dates";
export { PRIVACY_PATH, TERMS_PATH } from "./paths";
