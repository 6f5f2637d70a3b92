import { describe, expect, it } from "vitest";
import { isFormatted } from "@/tests/support/lint";

describe("formatting is checked by the tools", { timeout: 60_000 }, () => {
  it("rejects code that is not Prettier-formatted", async () => {
    const code = `export const greeting   =  ( name:string )=>{ return "hola " +name }\n`;
    expect(await isFormatted("lib/greeting.ts", code)).toBe(false);
  });

  it("accepts the same code once formatted", async () => {
    const code = `export const greeting = (name: string) => {\n  return "hola " + name;\n};\n`;
    expect(await isFormatted("lib/greeting.ts", code)).toBe(true);
  });

  it("sorts Tailwind classes, so class order never shows up in review", async () => {
    const unsorted = `export const A = () => <p className="text-sm flex p-2">a</p>;\n`;
    const sorted = `export const A = () => <p className="flex p-2 text-sm">a</p>;\n`;
    expect(await isFormatted("components/a.tsx", unsorted)).toBe(false);
    expect(await isFormatted("components/a.tsx", sorted)).toBe(true);
  });
});
