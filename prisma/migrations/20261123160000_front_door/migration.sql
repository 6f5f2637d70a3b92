-- One atomic limiter for the whole app: a counter per (bucket, key, window) that a single
-- INSERT … ON CONFLICT DO UPDATE … WHERE both checks and increments (lib/rate-limit/rate-limit.repo.ts).

-- CreateTable
CREATE TABLE "rate_limit_counters" (
    "bucket" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("bucket","key","window_start")
);

-- CreateIndex
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters"("window_start");

-- A lead sent without a submission id is recognised as a retry by its body's hash (same e-mail, 10 minutes).
-- AlterTable
ALTER TABLE "lead_submissions" ADD COLUMN "body_hash" TEXT;

-- CreateIndex
CREATE INDEX "lead_submissions_body_hash_created_at_idx" ON "lead_submissions"("body_hash", "created_at");

-- Submissions that arrived past the global lead threshold: accepted, kept out of the pipeline until
-- someone in the CRM accepts or discards them.
-- CreateTable
CREATE TABLE "held_lead_submissions" (
    "id" UUID NOT NULL,
    "submission_id" TEXT NOT NULL,
    "body_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "client_address" TEXT,
    "user_agent" TEXT,
    "referrer" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "resolution" TEXT,
    "lead_submission_id" UUID,

    CONSTRAINT "held_lead_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "held_lead_submissions_submission_id_key" ON "held_lead_submissions"("submission_id");

-- CreateIndex
CREATE INDEX "held_lead_submissions_resolved_at_created_at_idx" ON "held_lead_submissions"("resolved_at", "created_at");

-- CreateIndex
CREATE INDEX "held_lead_submissions_body_hash_created_at_idx" ON "held_lead_submissions"("body_hash", "created_at");
