// The app killed with SIGKILL in the middle of a burst: every request it answered with 2xx is stored,
// exactly once. Uses the production build the e2e run makes; its own database and port.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createPrismaClient } from "@/lib/prisma-client";
import { makeEvent } from "../../support/analytics";
import { createMigratedDatabase } from "../../e2e/support/cluster";
import { startProductionServer, waitUntilServing } from "../../e2e/support/production-server";

const PORT = Number(process.env.E2E_PORT || 3100) + 404;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const LEADS = 500;
const EVENTS = 5000;
const EVENTS_PER_BATCH = 50;

function startApp(databaseUrl: string): ChildProcess {
  return startProductionServer(PORT, {
    DATABASE_URL: databaseUrl,
    STAFF_OWNER_EMAIL: "crash-owner@example.com",
    STAFF_OWNER_PASSWORD: "crash-test-password",
    SESSION_SECRET: "crash-test-session-secret-long-enough-0000",
    LEADS_RATE_LIMIT_PER_ADDRESS: "100000",
    LEADS_RATE_LIMIT_GLOBAL: "100000",
    ANALYTICS_RATE_LIMIT_PER_ADDRESS: "100000",
    ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "100000",
  });
}

test("a SIGKILL during a burst of 500 leads and 5,000 events loses or doubles nothing that was answered 2xx", async () => {
  test.setTimeout(300_000);
  const database = await createMigratedDatabase();
  const prisma = createPrismaClient(database.url);
  let app = startApp(database.url);
  try {
    await waitUntilServing(URL_BASE);
    const answeredLeads = new Set<string>();
    const answeredEvents = new Set<string>();
    let answered = 0;
    let killed = false;

    const sendLead = async (i: number) => {
      const submissionId = `crash-${randomUUID()}`;
      const response = await fetch(`${URL_BASE}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          source: "home_form",
          lang: "en",
          name: `Crash ${i}`,
          email: `crash.${i}.${randomUUID().slice(0, 6)}@example.com`,
          message: "Burst",
          submission_id: submissionId,
        }),
      }).catch(() => null);
      if (response?.status === 201) answeredLeads.add(submissionId);
      answered++;
    };
    const sendEvents = async () => {
      const events = Array.from({ length: EVENTS_PER_BATCH }, () => makeEvent());
      const response = await fetch(`${URL_BASE}/api/analytics/event`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0 Safari/537.36",
        },
        body: JSON.stringify({ events }),
      }).catch(() => null);
      if (response?.status === 202) for (const event of events) answeredEvents.add(event.event_id);
      answered++;
    };

    const jobs: (() => Promise<void>)[] = [
      ...Array.from({ length: LEADS }, (_, i) => () => sendLead(i)),
      ...Array.from({ length: EVENTS / EVENTS_PER_BATCH }, () => sendEvents),
    ].sort(() => Math.random() - 0.5);
    const total = jobs.length;
    // 16 requests in flight; the kill lands when about 40% have been answered.
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        await job();
        if (!killed && answered >= total * 0.4) {
          killed = true;
          app.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(killed).toBe(true);
    expect(answeredLeads.size).toBeGreaterThan(0);

    app = startApp(database.url);
    await waitUntilServing(URL_BASE);
    const storedLeads = await prisma.leadSubmission.groupBy({
      by: ["submissionId"],
      where: { submissionId: { in: [...answeredLeads] } },
      _count: { _all: true },
    });
    expect(storedLeads).toHaveLength(answeredLeads.size);
    expect(storedLeads.every((row) => row._count._all === 1)).toBe(true);
    const storedEvents = await prisma.analyticsEvent.count({
      where: { eventId: { in: [...answeredEvents] } },
    });
    expect(storedEvents).toBe(answeredEvents.size);
    console.log(
      `crash test: ${answeredLeads.size}/${LEADS} leads and ${answeredEvents.size}/${EVENTS} events answered 2xx before or after the kill; all stored once`,
    );
  } finally {
    app.kill("SIGKILL");
    await prisma.$disconnect();
    await database.dispose();
  }
});
