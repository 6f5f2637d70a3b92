import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPartitionsAhead, monthsToCover } from "@/lib/analytics/partitions.service";
import { ensureMonthlyPartitions } from "@/lib/analytics/partitions.repo";
import { runRetention } from "@/lib/privacy/retention.service";
import { monthsBefore, RETENTION } from "@/lib/privacy/retention";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase } from "@/tests/support/database";
import { testDb } from "../../support/factories";

const PARTITION_MIGRATION = "20261126200000_analytics_event_partitions";
const silent = { log: () => {} };
const tag = randomUUID().slice(0, 8);

/** Which table of analytics_events holds each of the given events. */
async function partitionsOf(eventIds: string[]): Promise<string[]> {
  const rows = await testDb().$queryRaw<{ partition: string }[]>`
    SELECT tableoid::regclass::text AS partition FROM analytics_events
     WHERE event_id = ANY(${eventIds}::text[]) ORDER BY event_id`;
  return rows.map((row) => row.partition);
}

async function storeEvent(eventId: string, receivedAt: Date) {
  await testDb().analyticsEvent.create({
    data: {
      eventId,
      eventType: "page_view",
      receivedAt,
      clientTimestamp: receivedAt,
      day: receivedAt,
      path: "/",
      userId: `user_${tag}`,
      sessionId: `session_${tag}`,
      sourceChannel: "direct",
      deviceClass: "desktop",
    },
  });
}

describe("the partition migration on a database holding 14 months of events", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("moves every event into its month's partition: counts per month, every row and the rollups are identical before and after", async () => {
    const database = await createFreshDatabase();
    cleanups.push(() => database.dispose());
    // The migrations before this one, on their own.
    const earlier = await mkdtemp(path.join(tmpdir(), "avanza-partitions-"));
    cleanups.push(() => rm(earlier, { recursive: true, force: true }));
    const repoDir = path.resolve("prisma/migrations");
    for (const entry of await readdir(repoDir))
      if (entry === "migration_lock.toml" || entry < PARTITION_MIGRATION)
        await cp(path.join(repoDir, entry), path.join(earlier, entry), { recursive: true });
    await applyMigrations(database.url, { ...silent, migrationsDir: earlier });

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    // 14 months up to now, more events in later months, visits of 3 page views and a click; plus one
    // event on each side of every month's first instant (UTC), where a partition bound falls.
    await client.query(
      `INSERT INTO analytics_events (event_id, event_type, received_at, client_timestamp, day, path, page_title, user_id, session_id, source_channel, device_class, metadata)
       SELECT 'hist_' || g, CASE WHEN g % 4 = 3 THEN 'cta_click' ELSE 'page_view' END, at, at,
              (at AT TIME ZONE 'America/New_York')::date, CASE WHEN g % 29 = 0 THEN '/optin' ELSE '/page-' || (g % 7) END, 'Page', 'user_' || (g % 997),
              'session_' || (g / 4), CASE WHEN g % 4 = 0 THEN 'organic' ELSE 'internal' END, 'desktop',
              jsonb_build_object('n', g)
         FROM (SELECT g, now() - make_interval(secs => (425 * 86400.0) * power((g::float8 / 6000), 1.3)) AS at
                 FROM generate_series(0, 5999) AS g) AS events;
       INSERT INTO analytics_events (event_id, event_type, received_at, client_timestamp, day, path, user_id, session_id, source_channel, device_class)
       SELECT 'edge_' || to_char(month, 'YYYYMM') || '_' || side, 'page_view', at, at,
              (at AT TIME ZONE 'America/New_York')::date, '/edge', 'user_edge', 'session_edge', 'direct', 'mobile'
         FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '13 months',
                              date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS month,
              LATERAL (VALUES ('before', (month AT TIME ZONE 'UTC') - interval '1 millisecond'),
                              ('at', month AT TIME ZONE 'UTC')) AS edge(side, at);
       INSERT INTO analytics_daily_counts SELECT day, event_type, source_channel, count(*) FROM analytics_events GROUP BY 1, 2, 3;
       INSERT INTO analytics_visitors (user_id) SELECT DISTINCT user_id FROM analytics_events WHERE event_type = 'page_view' ORDER BY 1;
       INSERT INTO analytics_daily_visitors SELECT DISTINCT e.day, v.id FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view';
       INSERT INTO analytics_daily_visitor_totals SELECT day, count(*) FROM analytics_daily_visitors GROUP BY day;
       INSERT INTO analytics_daily_pages SELECT day, path, count(*) FROM analytics_events WHERE event_type = 'page_view' GROUP BY 1, 2;`,
    );

    const snapshot = async () => ({
      perMonth: (
        await client.query<{ month: string; events: string }>(
          `SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS events
             FROM analytics_events GROUP BY 1 ORDER BY 1`,
        )
      ).rows,
      // Every column of every row, in id order.
      rows: (
        await client.query<{ count: string; digest: string }>(
          `SELECT count(*) AS count, md5(string_agg(e::text, E'\\n' ORDER BY id)) AS digest FROM analytics_events e`,
        )
      ).rows[0],
      // The rollups by their columns of before (a later migration adds a shard, 0 for every existing row).
      rollups: (
        await client.query<{ digest: string }>(
          `SELECT md5(concat_ws('|',
             (SELECT string_agg((c.day, c.event_type, c.source_channel, c.events)::text, ',' ORDER BY c.day, c.event_type, c.source_channel) FROM analytics_daily_counts c),
             (SELECT string_agg((v.day, v.visitor_id)::text, ',' ORDER BY v.day, v.visitor_id) FROM analytics_daily_visitors v),
             (SELECT string_agg((t.day, t.visitors)::text, ',' ORDER BY t.day) FROM analytics_daily_visitor_totals t),
             (SELECT string_agg((p.day, p.path, p.views)::text, ',' ORDER BY p.day, p.path) FROM analytics_daily_pages p),
             (SELECT string_agg((a.id, a.user_id)::text, ',' ORDER BY a.id) FROM analytics_visitors a))) AS digest`,
        )
      ).rows[0]!.digest,
    });
    const before = await snapshot();
    expect(before.perMonth.length).toBeGreaterThanOrEqual(14);
    expect(Number(before.rows!.count)).toBe(6000 + 28);

    const { applied } = await applyMigrations(database.url, silent);
    expect(applied).toContain(PARTITION_MIGRATION);

    expect(await snapshot()).toEqual(before);
    // Each month's events sit in that month's own partition; nothing was left in the default one.
    const misplaced = await client.query(
      `SELECT tableoid::regclass::text AS partition, received_at FROM analytics_events
        WHERE tableoid::regclass::text <> 'analytics_events_p' || to_char(received_at AT TIME ZONE 'UTC', 'YYYYMM')`,
    );
    expect(misplaced.rows).toEqual([]);
    // Partitions exist ahead: this month and the next two (UTC).
    const partitions = (
      await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'analytics_events'::regclass`,
      )
    ).rows.map((row) => row.name);
    for (const month of monthsToCover(new Date()))
      expect(partitions).toContain(`analytics_events_p${month.slice(0, 7).replace("-", "")}`);
    expect(partitions).toContain("analytics_events_default");
    // The rollups rebuilt from the moved events equal the stored ones.
    const drift = await client.query(
      `(SELECT day, event_type, source_channel, count(*)::bigint FROM analytics_events GROUP BY 1, 2, 3
        EXCEPT SELECT day, event_type, source_channel, events FROM analytics_daily_counts)
       UNION ALL
       (SELECT day, event_type, source_channel, events FROM analytics_daily_counts
        EXCEPT SELECT day, event_type, source_channel, count(*)::bigint FROM analytics_events GROUP BY 1, 2, 3)`,
    );
    expect(drift.rows).toEqual([]);
    // Each visitor-day's arrival (the funnel's rollup, added by the next migration) was filled from the events.
    const arrivals = await client.query(
      `(SELECT DISTINCT ON (e.day, v.id) e.day, v.id, e.id AS arrival_id, e.path
          FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view'
         ORDER BY e.day, v.id, (e.source_channel = 'internal'), e.received_at, e.id)
       EXCEPT SELECT day, visitor_id, arrival_id, landing_page FROM analytics_daily_visitors`,
    );
    expect(arrivals.rows).toEqual([]);
    // And its earliest page view and first /optin view (a later migration), for cuts of the day.
    const firstViews = await client.query(
      `(SELECT DISTINCT ON (e.day, v.id) e.day, v.id, e.received_at, e.id, e.path,
               min(e.received_at) FILTER (WHERE e.path = '/optin') OVER (PARTITION BY e.day, v.id)
          FROM analytics_events e JOIN analytics_visitors v USING (user_id) WHERE e.event_type = 'page_view'
         ORDER BY e.day, v.id, e.received_at, e.id)
       EXCEPT SELECT day, visitor_id, first_view_at, first_view_id, first_view_path, questionnaire_at FROM analytics_daily_visitors`,
    );
    expect(firstViews.rows).toEqual([]);
    const opened = await client.query<{ days: string }>(
      `SELECT count(*) AS days FROM analytics_daily_visitors WHERE questionnaire_at IS NOT NULL`,
    );
    expect(Number(opened.rows[0]!.days)).toBeGreaterThan(0);
    // The ids a retry could still bring are kept for idempotency: those of the last 7 days.
    const ids = await client.query<{ kept: string; recent: string }>(
      `SELECT (SELECT count(*) FROM analytics_event_ids) AS kept,
              (SELECT count(*) FROM analytics_events WHERE received_at > now() - interval '7 days') AS recent`,
    );
    expect(Number(ids.rows[0]!.kept)).toBeGreaterThan(0);
    expect(ids.rows[0]!.kept).toBe(ids.rows[0]!.recent);
    // New rows go on numbering after the moved ones.
    const next = await client.query<{ id: string; max: string }>(
      `INSERT INTO analytics_events (event_id, event_type, client_timestamp, day, path, user_id, session_id, source_channel, device_class)
       VALUES ('after', 'page_view', now(), current_date, '/', 'u', 's', 'direct', 'desktop')
       RETURNING id, (SELECT max(id) FROM analytics_events) AS max`,
    );
    expect(BigInt(next.rows[0]!.id)).toBeGreaterThan(BigInt(next.rows[0]!.max));
  });
});

describe("monthly partitions in use", () => {
  it("an event of a month without a partition is stored in the default one, and moves into its month's partition when that is created", async () => {
    // A month no other test touches.
    const month = "2031-03-01";
    const ids = [`part_${tag}_a`, `part_${tag}_b`];
    await storeEvent(ids[0]!, new Date("2031-03-01T00:00:00.000Z"));
    await storeEvent(ids[1]!, new Date("2031-03-31T23:59:59.999Z"));
    try {
      expect(await partitionsOf(ids)).toEqual([
        "analytics_events_default",
        "analytics_events_default",
      ]);

      expect(await ensureMonthlyPartitions([month])).toEqual(["2031-03"]);
      expect(await ensureMonthlyPartitions([month])).toEqual([]);

      expect(await partitionsOf(ids)).toEqual([
        "analytics_events_p203103",
        "analytics_events_p203103",
      ]);
      expect(await testDb().analyticsEvent.count({ where: { eventId: { in: ids } } })).toBe(2);
    } finally {
      await testDb().$executeRawUnsafe("DROP TABLE IF EXISTS analytics_events_p203103");
      await testDb().analyticsEvent.deleteMany({ where: { eventId: { in: ids } } });
    }
  });

  it("the partitions job covers this month and the next two, however often it runs", async () => {
    await createPartitionsAhead();
    expect(await createPartitionsAhead()).toEqual([]);
    const rows = await testDb().$queryRaw<{ name: string }[]>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'analytics_events'::regclass`;
    const names = rows.map((row) => row.name);
    for (const month of monthsToCover(new Date()))
      expect(names).toContain(`analytics_events_p${month.slice(0, 7).replace("-", "")}`);
  });

  it("the worker schedules the partitions job once a day, due at once", async () => {
    const { scheduleRecurringJobs } = await import("@/lib/jobs/registry");
    await scheduleRecurringJobs();
    await scheduleRecurringJobs();
    const jobs = await testDb().job.findMany({
      where: {
        kind: "analytics.partitions",
        key: `analytics-partitions:${new Date().toISOString().slice(0, 10)}`,
      },
    });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("retention drops a month's whole partition once it is past the period, and keeps the months inside it", async () => {
    const now = new Date();
    const cutoff = monthsBefore(now, RETENTION.analyticsEventsMonths);
    // The middle of the month two months before the cutoff's, and of the month after the cutoff's.
    const old = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() - 2, 15));
    const kept = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 15));
    const name = (date: Date) =>
      `analytics_events_p${date.toISOString().slice(0, 7).replace("-", "")}`;
    await ensureMonthlyPartitions([
      old.toISOString().slice(0, 10),
      kept.toISOString().slice(0, 10),
    ]);
    await storeEvent(`ret_${tag}_old`, old);
    await storeEvent(`ret_${tag}_kept`, kept);
    expect(await partitionsOf([`ret_${tag}_kept`, `ret_${tag}_old`])).toEqual([
      name(kept),
      name(old),
    ]);

    const removed = await runRetention(now);

    expect(removed.analytics_partitions_dropped).toContain(name(old));
    expect(removed.analytics_partitions_dropped).not.toContain(name(kept));
    expect(removed.analytics_events).toBeGreaterThanOrEqual(1);
    const rows = await testDb().$queryRaw<{ old: string | null; kept: string | null }[]>`
      SELECT to_regclass(${name(old)})::text AS old, to_regclass(${name(kept)})::text AS kept`;
    expect(rows[0]).toEqual({ old: null, kept: name(kept) });
    expect(
      (await testDb().analyticsEvent.findMany({ where: { userId: `user_${tag}` } })).map(
        (event) => event.eventId,
      ),
    ).toEqual([`ret_${tag}_kept`]);
  });
});
