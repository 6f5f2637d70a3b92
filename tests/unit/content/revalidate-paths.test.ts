import { existsSync } from "node:fs";
import path from "node:path";
import { NEXT_CACHE_IMPLICIT_TAG_ID } from "next/dist/lib/constants";
import { getImplicitTags } from "next/dist/server/lib/implicit-tags";
import { describe, expect, it } from "vitest";
import { REVALIDATED_ROUTES } from "@/lib/content/revalidate";
import { REPO_ROOT } from "@/tests/support/source-files";

// revalidatePath(path, type) expires the tag `_N_T_{path}/{type}`; Next.js tags each cached page with the
// folders of its file path, route groups included (getImplicitTags). A path that names no such folder
// expires nothing, and the publishing instance keeps serving the old page for a minute.
const APP = path.join(REPO_ROOT, "app");

/** The pages and routes that show articles, jobs or the reading the thank-you offers. */
const PAGES_WITH_RECORDS = [
  "[locale]/(site)/page.tsx",
  "[locale]/(site)/blog/page.tsx",
  "[locale]/(site)/blog/[slug]/page.tsx",
  "[locale]/(site)/blog/rss.xml/route.ts",
  "[locale]/(careers)/careers/page.tsx",
  "[locale]/(careers)/careers/[jobId]/page.tsx",
  "[locale]/(careers)/careers/ai-software-developer/page.tsx",
  "sitemap-xml/route.ts",
  "(landing)/optin/page.tsx",
  "(landing)/optin/es/page.tsx",
];

const expiredTags = Object.values(REVALIDATED_ROUTES).map(
  (route) => `${NEXT_CACHE_IMPLICIT_TAG_ID}${route.path}/${route.type}`,
);

async function tagsOf(file: string): Promise<string[]> {
  // Next.js names a page by its file path without the extension: /[locale]/(site)/blog/page.
  const page = `/${file.replace(/\.(tsx|ts)$/, "")}`;
  // No URL: only the tags of the file path, which are what revalidatePath matches.
  return (await getImplicitTags(page, "", null)).tags;
}

describe("the routes revalidated on publish", () => {
  it.each(Object.entries(REVALIDATED_ROUTES))("%s names a folder of app/", (_, route) => {
    expect(existsSync(path.join(APP, route.path)), route.path).toBe(true);
  });

  it.each(PAGES_WITH_RECORDS)("expire %s", async (file) => {
    expect(existsSync(path.join(APP, file)), file).toBe(true);
    const tags = await tagsOf(file);
    expect(
      tags.some((tag) => expiredTags.includes(tag)),
      tags.join(" "),
    ).toBe(true);
  });

  it("would miss the pages if written without their route groups", async () => {
    const tags = await tagsOf("[locale]/(site)/blog/[slug]/page.tsx");
    expect(tags).not.toContain(`${NEXT_CACHE_IMPLICIT_TAG_ID}/[locale]/blog/layout`);
  });
});
