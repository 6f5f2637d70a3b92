// A month of free times for one meeting type (issue 38): 10 hosts in three time zones, 500 bookings with
// buffers and 300 busy times (CalDAV busy times, `HostSchedule.busy`: intervals without buffers), through
// lib/meetings/slots.ts — the pure function the slots endpoint and the booking transaction both call.
// Prints p50/p95/max over the runs; the bar is p95 at most 100 ms.
//   npx tsx bench/meeting-slots.ts   (BENCH_RUNS, default 200)
import { freeSlots, type BusyTime, type HostSchedule, type SlotRules } from "@/lib/meetings/slots";
import { runRecorded } from "./lib/run-output";

const RUNS = Number(process.env.BENCH_RUNS || 200);
const HOSTS = 10;
const BOOKINGS = 500;
const BUSY = 300;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ZONES = ["Europe/Madrid", "America/Santo_Domingo", "America/New_York"];

/** A fixed pseudo-random sequence, so every run of the bench measures the same calendar. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function makeHosts(now: number): HostSchedule[] {
  const random = seeded(38);
  const hosts: (HostSchedule & { busy: BusyTime[] })[] = Array.from(
    { length: HOSTS },
    (_, index) => ({
      id: `host-${index}`,
      timeZone: ZONES[index % ZONES.length]!,
      weekly: [1, 2, 3, 4, 5].flatMap((day) => [
        { day, start: "09:00", end: "13:00" },
        { day, start: "14:00", end: "18:00" },
      ]),
      daysOff: [],
      bookings: [],
      busy: [],
    }),
  );
  const at = () => Math.floor((now + random() * 31 * DAY) / (30 * MINUTE)) * 30 * MINUTE;
  for (let i = 0; i < BOOKINGS; i++) {
    const start = at();
    hosts[i % HOSTS]!.bookings.push({
      start,
      end: start + 45 * MINUTE,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
    });
  }
  for (let i = 0; i < BUSY; i++) {
    const start = at();
    hosts[i % HOSTS]!.busy.push({
      start,
      end: start + (30 + Math.floor(random() * 4) * 30) * MINUTE,
    });
  }
  return hosts;
}

await runRecorded(
  { name: "meeting-slots", command: "npx tsx bench/meeting-slots.ts" },
  async () => {
    const now = new Date("2026-12-01T08:00:00Z");
    const hosts = makeHosts(now.getTime());
    const rules: SlotRules = {
      durationMinutes: 45,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      minNoticeMinutes: 240,
      horizonDays: 60,
    };
    const range = { from: now, to: new Date(now.getTime() + 31 * DAY) };
    let slots = 0;
    // Warm the formatters and the JIT as a running server would be.
    for (let i = 0; i < 5; i++) slots = freeSlots(hosts, rules, range, now).length;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      slots = freeSlots(hosts, rules, range, now).length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
    console.log(
      `${HOSTS} hosts, ${BOOKINGS} bookings, ${BUSY} busy times, 31 days: ${slots} free times`,
    );
    console.log(`${RUNS} runs: p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms`);
    return `meeting-slots: p95=${at(0.95)}ms p50=${at(0.5)}ms slots=${slots}`;
  },
);
