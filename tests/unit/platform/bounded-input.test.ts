// Attacks answered before any expensive or recursive work: deep JSON, encoded slashes in the path.
import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@/lib/http/parse";
import { pathProblemOf } from "@/lib/http/request-path";

describe("JSON depth, counted on the text", () => {
  it("lets an ordinary body through and stops 100,000 nested arrays without recursion", () => {
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds("[".repeat(100_000) + "]".repeat(100_000), MAX_JSON_DEPTH)).toBe(true);
    expect(
      jsonDepthExceeds("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH),
    ).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ message: '[[[[{{{{ " [[[['.repeat(50) });
    expect(jsonDepthExceeds(text, 2)).toBe(false);
  });
});

describe("paths no route can take", () => {
  it("names an encoded slash or backslash, a raw backslash and a control character in an API path", () => {
    expect(pathProblemOf("/api%2fleads")).toBe("badPathSegment");
    expect(pathProblemOf("/api%2Fcrm%2Fleads?x=1")).toBe("badPathSegment");
    expect(pathProblemOf("/api%5cleads")).toBe("badPathSegment");
    expect(pathProblemOf("/api\\leads")).toBe("badPathSegment");
    expect(pathProblemOf("/api/leads/%00")).toBe("badPathSegment");
  });

  it("leaves a page path with a control character to the site's 404 page", () => {
    expect(pathProblemOf("/proposals/ai-generated/%00")).toBeNull();
    expect(pathProblemOf("/en/%00")).toBeNull();
  });

  it("keeps bad percent-encoding apart and lets ordinary paths, encoded spaces and accents through", () => {
    expect(pathProblemOf("/api/%E0%A4%A")).toBe("badPath");
    expect(pathProblemOf("/api/%2525")).toBe("badPath");
    expect(pathProblemOf("/en/careers?q=a%2Fb")).toBeNull();
    expect(pathProblemOf("/es/servicios/agente%20de%20voz")).toBeNull();
    expect(pathProblemOf("/es/caf%C3%A9")).toBeNull();
  });
});
