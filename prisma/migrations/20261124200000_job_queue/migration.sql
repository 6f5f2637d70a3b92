-- A durable job queue on our own tables (docs/decisions/006-job-queue.md): workers claim due jobs
-- with FOR UPDATE SKIP LOCKED under a lease, so any number of app instances share the work and a job
-- whose worker died is claimed again once its lease runs out.
-- CreateTable
CREATE TABLE "jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 8,
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs"("key");

-- CreateIndex
CREATE INDEX "jobs_status_run_at_idx" ON "jobs"("status", "run_at");

-- Every e-mail is a row first and a delivery job second: the row keeps what was sent and its state.
-- AlterTable
ALTER TABLE "mail_messages" ADD COLUMN "lead_id" UUID,
ADD COLUMN "body_html" TEXT NOT NULL DEFAULT '',
ADD COLUMN "body_text" TEXT NOT NULL DEFAULT '',
ADD COLUMN "attachments" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "next_attempt_at" TIMESTAMPTZ(3),
ADD COLUMN "last_error" TEXT,
ADD COLUMN "sent_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "mail_messages_status_created_at_idx" ON "mail_messages"("status", "created_at");

-- CreateIndex
CREATE INDEX "mail_messages_lead_id_created_at_idx" ON "mail_messages"("lead_id", "created_at");

-- AddForeignKey
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;
