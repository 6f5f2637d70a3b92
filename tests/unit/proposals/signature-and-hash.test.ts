import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/app-error";
import { canonicalJson, contentSha256 } from "@/lib/proposals/content-hash";
import { validateSignatureImage } from "@/lib/proposals/signature-image";
import { noisePng, signaturePng } from "../../support/signature-png";

const codeOf = (run: () => unknown) => {
  try {
    run();
    return "accepted";
  } catch (error) {
    return error instanceof AppError ? error.code : "other";
  }
};

describe("signature images", () => {
  it("accepts a drawn PNG and returns its bytes", () => {
    const bytes = validateSignatureImage(signaturePng());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("refuses a blank drawing, a non-PNG and impossible dimensions as invalid", () => {
    expect(codeOf(() => validateSignatureImage(signaturePng({ strokes: false })))).toBe(
      "validation",
    );
    expect(
      codeOf(() =>
        validateSignatureImage(
          `data:image/png;base64,${Buffer.from("not a png, just text that is long enough").toString("base64")}`,
        ),
      ),
    ).toBe("validation");
    expect(codeOf(() => validateSignatureImage(signaturePng({ width: 3200, height: 160 })))).toBe(
      "validation",
    );
  });

  it("refuses an image over 200 KB as too large", () => {
    expect(codeOf(() => validateSignatureImage(noisePng(240, 240)))).toBe("too_large");
  });
});

describe("content hashing", () => {
  it("does not depend on key order, but does on every value", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: "x" } })).toBe(
      '{"a":{"c":"x","d":[1,2]},"b":1}',
    );
    expect(contentSha256({ a: 1, b: 2 })).toBe(contentSha256({ b: 2, a: 1 }));
    expect(contentSha256({ a: 1, b: 2 })).not.toBe(contentSha256({ a: 1, b: 3 }));
    expect(contentSha256({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
