-- Better Auth carries staff sign-in (docs/decisions/005-staff-accounts.md): its `user` is staff_accounts
-- (same ids, so owners, assignees and actors keep pointing at the same people), its `session` is
-- staff_sessions (reshaped), its `account` is the new staff_credentials, its `verification` and
-- `twoFactor` are the new staff_verifications and staff_two_factors.
--
-- Moving existing accounts: every argon2id password hash is copied as it is into a credential row, so
-- every password keeps working. Open sessions end (their rows held an HMAC Better Auth cannot look up).
-- Two-factor is reset: the plugin keeps its secret encrypted with the app secret, which SQL cannot do,
-- so each account that had it is recorded in the audit trail and enrols again (the owner's "require
-- two-factor" setting, when on, sends them straight to enrolment). Old backup codes go with it.

-- Better Auth's user and admin-plugin fields on staff_accounts.
ALTER TABLE "staff_accounts"
    ADD COLUMN "email_verified" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "image" TEXT,
    ADD COLUMN "two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "banned" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "ban_reason" TEXT,
    ADD COLUMN "ban_expires" TIMESTAMPTZ(3);

UPDATE "staff_accounts" SET "banned" = true WHERE NOT "active";

-- CreateTable
CREATE TABLE "staff_credentials" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "password" TEXT,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "id_token" TEXT,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "refresh_token_expires_at" TIMESTAMPTZ(3),
    "scope" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_verifications" (
    "id" UUID NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_two_factors" (
    "id" UUID NOT NULL,
    "secret" TEXT NOT NULL,
    "backup_codes" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT true,
    "failed_verification_count" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "staff_two_factors_pkey" PRIMARY KEY ("id")
);

-- The passwords move as they are (argon2id), one credential row per account that has one.
INSERT INTO "staff_credentials" ("id", "account_id", "provider_account_id", "provider_id", "password")
SELECT gen_random_uuid(), "id", "id"::text, 'credential', "password_hash"
  FROM "staff_accounts" WHERE "password_hash" IS NOT NULL;

-- Two-factor starts again: recorded per account, so the owner sees why it is off.
INSERT INTO "staff_audit_events" ("actor_id", "account_id", "type", "detail")
SELECT NULL, "id", 'two_factor_reset', '{"reason": "better_auth_migration"}'::jsonb
  FROM "staff_accounts" WHERE "totp_enabled_at" IS NOT NULL;

DROP TABLE "staff_backup_codes";
ALTER TABLE "staff_accounts"
    DROP COLUMN "password_hash",
    DROP COLUMN "totp_secret",
    DROP COLUMN "totp_enabled_at";
UPDATE "staff_accounts" SET "totp_last_step" = NULL;

-- Sessions: Better Auth's shape. Existing sessions end.
DROP TABLE "staff_sessions";
CREATE TABLE "staff_sessions" (
    "id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "impersonated_by" TEXT,

    CONSTRAINT "staff_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_sessions_token_key" ON "staff_sessions"("token");
CREATE INDEX "staff_sessions_expires_at_idx" ON "staff_sessions"("expires_at");
CREATE INDEX "staff_sessions_account_id_idx" ON "staff_sessions"("account_id");
CREATE INDEX "staff_credentials_account_id_idx" ON "staff_credentials"("account_id");
CREATE INDEX "staff_verifications_identifier_idx" ON "staff_verifications"("identifier");
CREATE INDEX "staff_two_factors_secret_idx" ON "staff_two_factors"("secret");
CREATE INDEX "staff_two_factors_account_id_idx" ON "staff_two_factors"("account_id");

-- AddForeignKey
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "staff_credentials" ADD CONSTRAINT "staff_credentials_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "staff_two_factors" ADD CONSTRAINT "staff_two_factors_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
