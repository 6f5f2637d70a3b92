-- Leads handed out in turn to the active sales accounts (docs/product.md#crm): the one row holds whose turn
-- was last, so every app instance continues the same rotation. Task lists page newest first, for
-- everyone or for one assignee.

-- CreateTable
CREATE TABLE "lead_assignment_turns" (
    "id" INTEGER NOT NULL,
    "last_account_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_assignment_turns_pkey" PRIMARY KEY ("id")
);
INSERT INTO "lead_assignment_turns" ("id") VALUES (1);

-- CreateIndex
CREATE INDEX "tasks_created_at_id_idx" ON "tasks"("created_at" DESC, "id" DESC);
CREATE INDEX "tasks_assignee_id_created_at_id_idx" ON "tasks"("assignee_id", "created_at" DESC, "id" DESC);
