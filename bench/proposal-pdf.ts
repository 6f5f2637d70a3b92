// What one proposal PDF costs the PDF worker thread: the same tasks it runs (lib/proposals/pdf/pdf-tasks.ts),
// here on this process's thread, so the figures are the CPU a client's signature or a PDF download
// takes from the instance. Prints the first run of each (a fresh worker's) and the median of the rest,
// as wall time and as this process's CPU time (they differ by what the garbage collector does on other
// threads).
//   npm run bench:proposal-pdf   (BENCH_ROUNDS to vary)
import { performance } from "node:perf_hooks";
import { runPdfTask, type PdfTask } from "@/lib/proposals/pdf/pdf-tasks";
import { SANTO_DOMINGO_MOTORS } from "@/lib/proposals/sample-proposals";
import { signaturePng } from "@/tests/support/signature-png";
import { recordRun } from "./lib/run-record";

const ROUNDS = Number(process.env.BENCH_ROUNDS || 15);
const ALSO_RUNNING = process.env.BENCH_ALSO_RUNNING || "nothing else of ours";

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed(task: PdfTask): Promise<Timing> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await runPdfTask(task);
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(label: string, task: () => PdfTask) {
  const first = await timed(task());
  const rest: Timing[] = [];
  for (let round = 0; round < ROUNDS; round++) rest.push(await timed(task()));
  const wall = median(rest.map((t) => t.wallMs));
  const cpu = median(rest.map((t) => t.cpuMs));
  const line =
    `${label.padEnd(34)} first ${first.wallMs.toFixed(0).padStart(5)} ms (CPU ${first.cpuMs.toFixed(0)} ms), ` +
    `median of ${ROUNDS} ${wall.toFixed(0).padStart(4)} ms (CPU ${cpu.toFixed(0)} ms)`;
  console.log(line);
  return { line, first: first.wallMs, median: wall };
}

async function main() {
  const startedAt = new Date();
  const certificate = await runPdfTask({ kind: "certificate", brand: "Bench", password: "" });
  const signatureImage = Buffer.from(signaturePng().split(",")[1]!, "base64");
  const data = SANTO_DOMINGO_MOTORS.es;

  const proposal = await measure("proposal PDF (download, es)", () => ({
    kind: "proposal",
    data,
    options: { lang: "es", brand: "Bench" },
  }));
  const seal = await measure("sealed PDF (render and sign, es)", () => ({
    kind: "seal",
    certificate: { ...certificate, password: "", source: "self-signed" },
    input: {
      proposalId: "bench",
      version: 1,
      data,
      lang: "es",
      brand: "Bench",
      signer: { fullName: "Ana Bench", role: "CEO", company: "Bench SL", signedDate: "2026-11-28" },
      signatureImage,
      signedAt: new Date(),
      timeZone: "Europe/Madrid",
      ipAddress: "203.0.113.7",
      userAgent: "bench",
      contentSha256: "0".repeat(64),
      audit: [],
      verifyUrl: "http://127.0.0.1/verify",
    },
  }));

  const summaryLine =
    `proposal-pdf: render first=${proposal.first.toFixed(0)} median=${proposal.median.toFixed(0)}; ` +
    `seal first=${seal.first.toFixed(0)} median=${seal.median.toFixed(0)}`;
  console.log(summaryLine);
  const file = recordRun(
    {
      name: "proposal-pdf",
      command: "npm run bench:proposal-pdf",
      alsoRunning: ALSO_RUNNING,
      output: [proposal.line, seal.line].join("\n"),
      summaryLine,
    },
    startedAt,
  );
  console.log(`run written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
