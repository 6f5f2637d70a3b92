/** localStorage key of the language chosen on the AI Software Developer page ("es" | "en"). */
export const LANGUAGE_STORAGE_KEY = "av_lang";
