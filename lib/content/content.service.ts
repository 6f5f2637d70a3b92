// The content feature's public face: which articles and solution pages exist.
export { ARTICLE_SLUGS, type ArticleSlug } from "./blog";
export { SOLUTION_SLUGS } from "./solutions";
