import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { inPdfWorker } from "@/lib/proposals/pdf/pdf-worker-pool";
import { renderSamplePdf } from "@/lib/proposals/proposal-download.service";
import { ZProposalData, type ProposalLang } from "@/lib/proposals/proposal.schema";
import { proposalData } from "../../support/proposals";

/** The unsigned PDF of the test proposal, rendered in the worker. */
const renderInWorker = (lang: ProposalLang) =>
  inPdfWorker({
    kind: "proposal" as const,
    data: ZProposalData.parse(proposalData({ lang })),
    options: { lang, brand: "Avanza" },
  });

/** The longest the event loop was held while `work` ran, in milliseconds. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    await work();
  } finally {
    delay.disable();
  }
  return delay.max / 1e6;
}

describe("the PDF worker", () => {
  it("renders a proposal while the event loop keeps answering", async () => {
    // Warm: the worker's first start compiles our sources, which is not what is measured here.
    await renderInWorker("es");
    let bytes: Uint8Array | undefined;
    const stall = await longestStall(async () => {
      for (let i = 0; i < 3; i++) bytes = await renderInWorker("en");
    });
    expect(Buffer.from(bytes!.subarray(0, 5)).toString()).toBe("%PDF-");
    // Three renders take well over a second of CPU; on this thread they held the loop for 600 ms+ each.
    expect(stall).toBeLessThan(250);
  });

  it("answers a failed task with its error and goes on serving the next", async () => {
    await expect(
      inPdfWorker({
        kind: "proposal",
        data: null as never,
        options: { lang: "es", brand: "Avanza" },
      }),
    ).rejects.toThrow(/PDF worker/);
    const bytes = await renderInWorker("es");
    expect(bytes.byteLength).toBeGreaterThan(1000);
  });

  it("renders each public sample once per process, however often it is asked for", async () => {
    const first = await renderSamplePdf("santo-domingo-motors.pdf", "en");
    const started = performance.now();
    const again = await Promise.all(
      Array.from({ length: 20 }, () => renderSamplePdf("santo-domingo-motors.pdf", "en")),
    );
    expect(performance.now() - started).toBeLessThan(100);
    for (const file of again) expect(file.bytes).toBe(first.bytes);
  });
});
