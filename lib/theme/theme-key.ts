/** localStorage key of the visitor's explicit theme choice ("light" | "dark"). */
export const THEME_STORAGE_KEY = "av_theme";
