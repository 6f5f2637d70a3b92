import { EntryNotFound } from "@/components/site/entry-not-found";

// An unknown article slug: the page renders on demand (articles are records), so its notFound() needs a
// boundary here; the (site) layout around it still draws the header and footer, and the answer is a 404.
// It must not ask for the request's locale (see EntryNotFound), or every article page becomes dynamic.
export default function ArticleNotFound() {
  return <EntryNotFound back="blog" />;
}
