-- Named staff accounts with roles (docs/product.md#staff-accounts), and the links that name who owns a lead,
-- who a task is for and who did an activity. Sessions belong to an account.

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('owner', 'manager', 'sales');

-- CreateTable
CREATE TABLE "staff_accounts" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "role" "StaffRole" NOT NULL DEFAULT 'sales',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_sign_in_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_accounts_email_key" ON "staff_accounts"("email");

-- AlterTable
ALTER TABLE "staff_sessions" ADD COLUMN "account_id" UUID;
ALTER TABLE "leads" ADD COLUMN "owner_id" UUID;
ALTER TABLE "tasks" ADD COLUMN "assignee_id" UUID, ADD COLUMN "due_date" DATE;
ALTER TABLE "activities" ADD COLUMN "actor_id" UUID;

-- CreateIndex
CREATE INDEX "staff_sessions_account_id_idx" ON "staff_sessions"("account_id");
CREATE INDEX "leads_owner_id_created_at_idx" ON "leads"("owner_id", "created_at" DESC);
CREATE INDEX "tasks_assignee_id_status_idx" ON "tasks"("assignee_id", "status");

-- AddForeignKey
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
