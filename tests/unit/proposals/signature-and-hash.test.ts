import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/app-error";
import { canonicalJson, contentSha256 } from "@/lib/proposals/content-hash";
import { screenSignatureImage, validateSignatureImage } from "@/lib/proposals/signature-image";
import { damagedPng, noisePng, palePng, signaturePng } from "../../support/signature-png";

/** A PNG whose header claims `width`×`height` RGBA and whose IDAT holds `dataBytes` of garbage. */
function pngClaiming(width: number, height: number, dataBytes: number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.alloc(dataBytes, 0x5a)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

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

  it("refuses a blank drawing and a non-PNG as invalid", () => {
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
  });

  it("refuses a canvas wider than a pad or over the pixel budget as too large, from its header", () => {
    expect(codeOf(() => validateSignatureImage(signaturePng({ width: 3200, height: 160 })))).toBe(
      "too_large",
    );
    // 2,000 × 1,000 px of (corrupt) data: refused by the header alone, never inflated.
    expect(codeOf(() => validateSignatureImage(pngClaiming(2000, 1000, 5000)))).toBe("too_large");
  });

  it("refuses a blank canvas before decoding it, whatever its data would inflate to", () => {
    // Data that could not even be inflated: the blank verdict comes from the sizes alone.
    expect(codeOf(() => validateSignatureImage(pngClaiming(1500, 480, 300)))).toBe("validation");
    expect(
      codeOf(() =>
        validateSignatureImage(signaturePng({ width: 1500, height: 480, strokes: false })),
      ),
    ).toBe("validation");
    expect(codeOf(() => validateSignatureImage(signaturePng({ width: 1500, height: 480 })))).toBe(
      "accepted",
    );
  });

  it("passes a pale canvas and damaged pixel data through the byte checks, and refuses both once decoded", () => {
    for (const image of [palePng(200, 100), damagedPng()]) {
      expect(codeOf(() => screenSignatureImage(image))).toBe("accepted");
      expect(codeOf(() => validateSignatureImage(image))).toBe("validation");
    }
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
