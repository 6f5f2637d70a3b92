-- Analytics: raw events as received, plus rollups kept in step with them by the same statement that
-- inserts the events (lib/analytics/ingest.repo.ts), so dashboard ranges never scan the raw table.

-- CreateTable
CREATE TABLE "analytics_events" (
    "id" BIGSERIAL NOT NULL,
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

    CONSTRAINT "analytics_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_daily_counts" (
    "day" DATE NOT NULL,
    "event_type" TEXT NOT NULL,
    "source_channel" TEXT NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "analytics_daily_counts_pkey" PRIMARY KEY ("day","event_type","source_channel")
);

-- CreateTable
CREATE TABLE "analytics_visitors" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,

    CONSTRAINT "analytics_visitors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_daily_visitors" (
    "day" DATE NOT NULL,
    "visitor_id" BIGINT NOT NULL,

    CONSTRAINT "analytics_daily_visitors_pkey" PRIMARY KEY ("day","visitor_id")
);

-- CreateTable
CREATE TABLE "analytics_daily_visitor_totals" (
    "day" DATE NOT NULL,
    "visitors" BIGINT NOT NULL,

    CONSTRAINT "analytics_daily_visitor_totals_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "analytics_daily_pages" (
    "day" DATE NOT NULL,
    "path" TEXT NOT NULL,
    "views" BIGINT NOT NULL,

    CONSTRAINT "analytics_daily_pages_pkey" PRIMARY KEY ("day","path")
);

-- CreateIndex
CREATE UNIQUE INDEX "analytics_events_event_id_key" ON "analytics_events"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "analytics_visitors_user_id_key" ON "analytics_visitors"("user_id");

-- CreateIndex
CREATE INDEX "analytics_events_received_at_idx" ON "analytics_events"("received_at");

-- CreateIndex
CREATE INDEX "analytics_events_event_type_received_at_idx" ON "analytics_events"("event_type", "received_at");

-- CreateIndex
CREATE INDEX "lead_submissions_created_at_idx" ON "lead_submissions"("created_at");
