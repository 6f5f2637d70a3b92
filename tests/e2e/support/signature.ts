import type { Page } from "@playwright/test";

/** Draws a wavy stroke across the page's signature canvas, as a person would with a mouse. */
export async function drawSignature(page: Page) {
  const canvas = page.locator("canvas");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 30; step++)
    await page.mouse.move(
      box.x + 30 + step * ((box.width - 60) / 30),
      box.y + box.height / 2 + Math.sin(step / 2) * 40,
      { steps: 2 },
    );
  await page.mouse.up();
}
