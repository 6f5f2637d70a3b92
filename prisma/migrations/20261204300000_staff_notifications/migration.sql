-- In-app notifications for staff (docs/product.md#notifications): one row per message to one account.
-- The text is written when the event happens, in the language the account uses the staff tools in;
-- `dedupe_key` makes a job that runs twice write its notification once.
CREATE TABLE "staff_notifications" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_notifications_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "staff_notifications_dedupe_key_key" ON "staff_notifications"("dedupe_key");
CREATE INDEX "staff_notifications_account_id_created_at_idx" ON "staff_notifications"("account_id", "created_at" DESC);
CREATE INDEX "staff_notifications_account_id_read_at_idx" ON "staff_notifications"("account_id", "read_at");

ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
