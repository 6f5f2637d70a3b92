import MarkdownIt from "markdown-it";

/**
 * The one renderer of article bodies (CommonMark), shared by the public article page and the studio's
 * live preview so what an editor sees is what readers get. Safety is by allow-list, not by cleaning
 * HTML afterwards: raw HTML is off (a `<script>` or `<iframe>` stays visible text), links and images
 * keep only the schemes below (markdown-it asks validateLink for both; a refused one stays text), and headings start at level two because the page's title is the h1.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

markdown.core.ruler.push("article_allow_list", (state) => {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      if (token.tag === "h1") token.tag = "h2";
    }
    for (const child of token.children ?? []) {
      if (child.type === "link_open") {
        const href = child.attrGet("href") ?? "";
        if (/^https?:\/\//i.test(href)) {
          child.attrSet("rel", "noopener noreferrer");
          child.attrSet("target", "_blank");
        }
      }
      if (child.type === "image") {
        child.attrSet("loading", "lazy");
        child.attrSet("decoding", "async");
      }
    }
  }
});

/** An article body as HTML that is safe to insert into the page as it is. */
export function renderArticleBody(body: string): string {
  return markdown.render(body);
}
