import { describe, expect, it } from "vitest";
import { sanitiseJson, textProblem, zText } from "@/lib/http/text";

describe("text that cannot break us", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["lone high surrogate", "a\ud800"],
    ["lone low surrogate", "\udc00a"],
    ["RTL override", "\u202eabc"],
    ["escape", "\u001b[31m"],
  ])("refuses %s", (_, value) => {
    expect(textProblem(value)).not.toBeNull();
    expect(zText().safeParse(value).success).toBe(false);
  });

  it("keeps tabs, line breaks, emoji and right-to-left scripts", () => {
    for (const value of ["a\tb\r\nc", "😀", "مرحبا", "שלום"]) expect(textProblem(value)).toBeNull();
  });

  it("normalises to NFC", () => {
    expect(zText().parse("Lucie\u0301")).toBe("Lucié".normalize("NFC"));
  });

  it("names the first unsafe field by its path, anywhere in a body", () => {
    expect(sanitiseJson({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toEqual({
      issue: { path: "a.1.c", message: expect.any(String) },
    });
    expect(sanitiseJson({ name: "Lucie\u0301" })).toEqual({ value: { name: "Lucié" } });
  });
});
