-- Every ingestion batch of a day updated the same rollup rows (today × type × channel, today × path, today's
-- visitor total) and kept them locked until its commit was flushed, so concurrent batches, from every app
-- instance, queued behind each other (docs/scaling.md, point 3). Each batch now writes the rows of one of a
-- few shards, picked at random; every reader sums the rows of a key, as it already sums over days. Existing
-- rows are shard 0.
ALTER TABLE "analytics_daily_counts" ADD COLUMN "shard" SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE "analytics_daily_counts" DROP CONSTRAINT "analytics_daily_counts_pkey";
ALTER TABLE "analytics_daily_counts" ADD CONSTRAINT "analytics_daily_counts_pkey" PRIMARY KEY ("day", "event_type", "source_channel", "shard");

ALTER TABLE "analytics_daily_pages" ADD COLUMN "shard" SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE "analytics_daily_pages" DROP CONSTRAINT "analytics_daily_pages_pkey";
ALTER TABLE "analytics_daily_pages" ADD CONSTRAINT "analytics_daily_pages_pkey" PRIMARY KEY ("day", "path", "shard");

ALTER TABLE "analytics_daily_visitor_totals" ADD COLUMN "shard" SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE "analytics_daily_visitor_totals" DROP CONSTRAINT "analytics_daily_visitor_totals_pkey";
ALTER TABLE "analytics_daily_visitor_totals" ADD CONSTRAINT "analytics_daily_visitor_totals_pkey" PRIMARY KEY ("day", "shard");
