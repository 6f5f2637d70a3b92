-- CalDAV busy times (issue 38): an optional calendar per staff account, read by a job; what it reads is
-- kept in staff_busy_times, and the slots leave those times out (docs/decisions/017-meetings.md#caldav).

-- AlterTable
ALTER TABLE "staff_availability" ADD COLUMN     "caldav_url" TEXT,
ADD COLUMN     "caldav_username" TEXT,
ADD COLUMN     "caldav_secret" TEXT,
ADD COLUMN     "caldav_read_at" TIMESTAMPTZ(3),
ADD COLUMN     "caldav_failing_since" TIMESTAMPTZ(3),
ADD COLUMN     "caldav_error" TEXT;

-- CreateTable
CREATE TABLE "staff_busy_times" (
    "id" BIGSERIAL NOT NULL,
    "account_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_busy_times_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "staff_busy_times_account_id_starts_at_idx" ON "staff_busy_times"("account_id", "starts_at");

-- AddForeignKey
ALTER TABLE "staff_busy_times" ADD CONSTRAINT "staff_busy_times_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
