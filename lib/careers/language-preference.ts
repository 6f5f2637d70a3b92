/** localStorage key of the language chosen on the AI Software Developer page ("es" | "en"); spec §3. */
export const LANGUAGE_STORAGE_KEY = "av_lang";
