-- Sign-in for named staff accounts (docs/product.md#staff-accounts, docs/decisions/005-staff-accounts.md):
-- the per-account failure count and lock, two-factor (TOTP secret, last used step, single-use backup codes),
-- single-use invite and reset links, the owner's "require two-factor" setting and the staff audit trail.

-- AlterTable
ALTER TABLE "staff_accounts"
    ADD COLUMN "failed_sign_ins" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "last_failed_at" TIMESTAMPTZ(3),
    ADD COLUMN "locked_until" TIMESTAMPTZ(3),
    ADD COLUMN "totp_secret" TEXT,
    ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3),
    ADD COLUMN "totp_last_step" BIGINT;

-- CreateTable
CREATE TABLE "staff_backup_codes" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_backup_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_tokens" (
    "id" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "require_two_factor" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_audit_events" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" UUID,
    "account_id" UUID,
    "type" TEXT NOT NULL,
    "detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_audit_events_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "proposal_events" ADD COLUMN "actor_id" UUID;

-- CreateIndex
CREATE INDEX "staff_backup_codes_account_id_idx" ON "staff_backup_codes"("account_id");
CREATE INDEX "staff_tokens_account_id_idx" ON "staff_tokens"("account_id");
CREATE INDEX "staff_audit_events_created_at_idx" ON "staff_audit_events"("created_at" DESC);

-- AddForeignKey
ALTER TABLE "staff_backup_codes" ADD CONSTRAINT "staff_backup_codes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "staff_audit_events" ADD CONSTRAINT "staff_audit_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "staff_audit_events" ADD CONSTRAINT "staff_audit_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
