// The content feature's public face for other features: which solution pages exist (articles are records:
// lib/content/public-articles.ts).
export { SOLUTION_SLUGS } from "./solutions";
