import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "@/components/seo/json-ld";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";

const image = defaultSocialImage("Avanza AI");

describe("page metadata", () => {
  it("puts Spanish at the root and English under /en, with x-default on Spanish", () => {
    const metadata = buildPageMetadata({
      locale: "en",
      pathname: "/blog",
      title: "Blog",
      description: "d",
      image,
    });
    expect(metadata.alternates?.canonical).toBe("/en/blog");
    expect(metadata.alternates?.languages).toEqual({
      es: "/blog",
      en: "/en/blog",
      "x-default": "/blog",
    });
    expect(metadata.openGraph).toMatchObject({ locale: "en_US", alternateLocale: ["es_ES"] });
    expect(localizedPath("/", "es")).toBe("/");
  });

  it("keeps flagged pages out of search engines", () => {
    expect(
      buildPageMetadata({
        locale: "es",
        pathname: "/x",
        title: "t",
        description: "d",
        noIndex: true,
        image,
      }).robots,
    ).toEqual({ index: false, follow: false });
  });
});

describe("structured data", () => {
  it("cannot be broken out of by page text", () => {
    const html = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(html).not.toContain("<");
    expect(JSON.parse(html)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
