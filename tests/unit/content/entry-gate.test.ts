import { describe, expect, it } from "vitest";
import { DEDICATED_PAGE_JOB_ID } from "@/lib/careers/jobs";
import { publicEntryOf } from "@/lib/content/entry-gate";

// The proxy looks up only addresses that are article or job entries; every other path goes on untouched.
describe("which addresses the proxy looks up as articles and jobs", () => {
  it("reads the kind, the language and the id from an entry's address", () => {
    expect(publicEntryOf("/blog/scaling-ai")).toEqual({
      kind: "article",
      locale: "es",
      id: "scaling-ai",
    });
    expect(publicEntryOf("/en/blog/scaling-ai/")).toEqual({
      kind: "article",
      locale: "en",
      id: "scaling-ai",
    });
    expect(publicEntryOf("/en/careers/video-editor")).toEqual({
      kind: "job",
      locale: "en",
      id: "video-editor",
    });
  });

  it("leaves the dedicated job page, the feeds, the indexes and deeper paths alone", () => {
    expect(publicEntryOf(`/careers/${DEDICATED_PAGE_JOB_ID}`)).toBeNull();
    expect(publicEntryOf(`/en/careers/${DEDICATED_PAGE_JOB_ID}`)).toBeNull();
    for (const path of [
      "/blog/rss.xml",
      "/en/blog/rss.xml",
      "/blog",
      "/en/careers",
      "/blog/a/b",
      "/es/blog/x",
    ])
      expect(publicEntryOf(path), path).toBeNull();
    // Only careers has a page of its own under that name: an article may take the slug.
    expect(publicEntryOf(`/blog/${DEDICATED_PAGE_JOB_ID}`)).toMatchObject({ kind: "article" });
  });

  it("ignores an address whose escapes do not decode", () => {
    expect(publicEntryOf("/blog/%E0%A4%A")).toBeNull();
  });
});
