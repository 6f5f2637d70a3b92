-- Deal value and age on the pipeline (docs/product.md#deal-value): a value a manager sets by hand on a lead
-- with no shared proposal, and a small key/value settings store (per-stage age thresholds live there).

-- CreateTable
CREATE TABLE "lead_manual_values" (
    "lead_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "initial" DECIMAL(14,2) NOT NULL,
    "monthly" DECIMAL(14,2) NOT NULL,
    "set_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lead_manual_values_pkey" PRIMARY KEY ("lead_id")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex: the latest stage change of a lead is read for every card (days in stage).
CREATE INDEX "activities_lead_id_type_created_at_idx" ON "activities"("lead_id", "type", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "lead_manual_values" ADD CONSTRAINT "lead_manual_values_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
