-- What the forecast said, kept so past months can show forecast against actual (issue 37;
-- docs/product.md#forecast). A run is one business day's snapshot of the six months the forecast covered
-- then; its rows are the committed, weighted and best-case value per month, owner (null: unassigned) and
-- currency. The run row makes the snapshot idempotent (one per day) and tells "forecast nothing" (a run
-- without rows for a month) from "no snapshot taken".
CREATE TABLE "forecast_snapshot_runs" (
    "taken_on" DATE NOT NULL,
    "first_month" TEXT NOT NULL,
    "last_month" TEXT NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forecast_snapshot_runs_pkey" PRIMARY KEY ("taken_on")
);

CREATE TABLE "forecast_snapshots" (
    "id" BIGSERIAL NOT NULL,
    "taken_on" DATE NOT NULL,
    "month" TEXT NOT NULL,
    "owner_id" UUID,
    "currency" TEXT NOT NULL,
    "committed" DECIMAL(14,2) NOT NULL,
    "weighted" DECIMAL(14,2) NOT NULL,
    "best_case" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "forecast_snapshots_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "forecast_snapshots_month_taken_on_idx" ON "forecast_snapshots"("month", "taken_on");

ALTER TABLE "forecast_snapshots" ADD CONSTRAINT "forecast_snapshots_taken_on_fkey" FOREIGN KEY ("taken_on") REFERENCES "forecast_snapshot_runs"("taken_on") ON DELETE CASCADE ON UPDATE CASCADE;
