import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REVALIDATED_ROUTES } from "@/lib/content/revalidate";
import { REPO_ROOT } from "@/tests/support/source-files";

// revalidatePath matches the folders of a page's file path, route groups included: a path that names no
// folder of app/ expires nothing, and the publishing instance keeps serving the old page for a minute.
const APP = path.join(REPO_ROOT, "app");

describe("the routes revalidated on publish", () => {
  it.each(Object.entries(REVALIDATED_ROUTES))(
    "%s names a folder of app/ with a page or route",
    (_, route) => {
      const folder = path.join(APP, route.path);
      expect(existsSync(folder), route.path).toBe(true);
      if (route.type === "page")
        expect(existsSync(path.join(folder, "page.tsx")), route.path).toBe(true);
    },
  );

  it("cover the pages that show articles and jobs", () => {
    for (const file of [
      "[locale]/(site)/page.tsx",
      "[locale]/(site)/blog/page.tsx",
      "[locale]/(site)/blog/[slug]/page.tsx",
      "[locale]/(site)/blog/rss.xml/route.ts",
      "[locale]/(careers)/careers/page.tsx",
      "[locale]/(careers)/careers/[jobId]/page.tsx",
      "sitemap-xml/route.ts",
      "(landing)/optin/page.tsx",
      "(landing)/optin/es/page.tsx",
    ]) {
      expect(existsSync(path.join(APP, file)), file).toBe(true);
      const folder = `/${path.dirname(file)}`;
      // A page path expires that folder's page; a layout path every page and route below it.
      const isCovered = Object.values(REVALIDATED_ROUTES).some((route) =>
        route.type === "page" ? folder === route.path : `${folder}/`.startsWith(`${route.path}/`),
      );
      expect(isCovered, file).toBe(true);
    }
  });
});
