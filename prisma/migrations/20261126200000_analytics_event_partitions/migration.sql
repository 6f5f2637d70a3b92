-- analytics_events partitioned by month of received_at (docs/decisions/008-analytics-partitions.md), so
-- retention drops whole months and no index grows with the whole history. Idempotency moves to its own
-- small table: a unique index on a partitioned table must include the partition key, and a retried event
-- arrives with a new receive time.

-- Event ids seen lately; ingestion inserts here first and stores only the events whose id was new.
CREATE TABLE "analytics_event_ids" (
    "event_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "analytics_event_ids_pkey" PRIMARY KEY ("event_id")
);

-- The old table steps aside (its sequence is kept: the new table goes on numbering from it).
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";
ALTER TABLE "analytics_events_unpartitioned" DROP CONSTRAINT "analytics_events_pkey";
DROP INDEX "analytics_events_event_id_key";
DROP INDEX "analytics_events_received_at_idx";
DROP INDEX "analytics_events_event_type_received_at_idx";
DROP INDEX "analytics_events_user_id_received_at_idx";

CREATE TABLE "analytics_events" (
    "id" BIGINT NOT NULL DEFAULT nextval('analytics_events_id_seq'),
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "client_timestamp" TIMESTAMPTZ(3) NOT NULL,
    "day" DATE NOT NULL,
    "path" TEXT NOT NULL,
    "page_title" TEXT,
    "user_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "source_channel" TEXT NOT NULL,
    "device_class" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',

    -- received_at first: the key serves every range read, so no separate received_at index.
    CONSTRAINT "analytics_events_pkey" PRIMARY KEY ("received_at", "id")
) PARTITION BY RANGE ("received_at");

ALTER SEQUENCE "analytics_events_id_seq" OWNED BY "analytics_events"."id";

CREATE INDEX "analytics_events_event_type_received_at_idx" ON "analytics_events"("event_type", "received_at");
CREATE INDEX "analytics_events_user_id_received_at_idx" ON "analytics_events"("user_id", "received_at");

-- An event whose month has no partition yet is stored here rather than refused.
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;

-- Creates the partition of the UTC month holding `month_start` (analytics_events_pYYYYMM) unless it
-- exists, moving into it any rows of that month the default partition holds. Called by this migration
-- and by the job that creates partitions ahead (lib/analytics/partitions.repo.ts). Returns whether it
-- created one.
CREATE FUNCTION "analytics_events_ensure_partition"(month_start date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month_start)::date;
  partition_name text := 'analytics_events_p' || to_char(first_day, 'YYYYMM');
  lower_bound timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
  upper_bound timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
  -- Two instances creating the same month wait for each other instead of failing.
  PERFORM pg_advisory_xact_lock(hashtext('analytics_events_partitions'));
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  -- Held until commit, so no event of that month lands in the default partition between the move and the attach.
  LOCK TABLE analytics_events_default IN ACCESS EXCLUSIVE MODE;
  EXECUTE format('CREATE TABLE %I (LIKE analytics_events INCLUDING DEFAULTS)', partition_name);
  EXECUTE format(
    'WITH moved AS (DELETE FROM analytics_events_default WHERE received_at >= $1 AND received_at < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
    partition_name) USING lower_bound, upper_bound;
  EXECUTE format('ALTER TABLE analytics_events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
    partition_name, lower_bound, upper_bound);
  RETURN true;
END
$$;

-- A partition for every month that holds events, and for this month and the next two.
SELECT analytics_events_ensure_partition(month::date)
  FROM (
    SELECT DISTINCT date_trunc('month', received_at AT TIME ZONE 'UTC') AS month FROM analytics_events_unpartitioned
    UNION
    SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => ahead) FROM generate_series(0, 2) AS ahead
  ) AS months
 ORDER BY month;

-- Every row moves once, with its id, receive time and day unchanged, so the rollups (untouched) still agree.
INSERT INTO "analytics_events" ("id", "event_id", "event_type", "received_at", "client_timestamp", "day", "path", "page_title", "user_id", "session_id", "source_channel", "device_class", "metadata")
SELECT "id", "event_id", "event_type", "received_at", "client_timestamp", "day", "path", "page_title", "user_id", "session_id", "source_channel", "device_class", "metadata"
  FROM "analytics_events_unpartitioned";

-- Ids a retry could still bring: the tracker's timestamp must be within a day of the server's clock, so
-- no retry is accepted two days after the first arrival; the job keeps 7 days (lib/privacy/retention.ts).
INSERT INTO "analytics_event_ids" ("event_id", "received_at")
SELECT "event_id", "received_at" FROM "analytics_events_unpartitioned"
 WHERE "received_at" > now() - interval '7 days';

DROP TABLE "analytics_events_unpartitioned";
