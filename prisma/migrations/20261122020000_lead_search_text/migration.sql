-- Folded search text, computed once per write instead of per row and per query: CRM search
-- then compares one column, and newest-first pages walk the (created_at, id) index.
ALTER TABLE "leads" ADD COLUMN "search_text" TEXT GENERATED ALWAYS AS (crm_fold(COALESCE("name", '') || ' ' || COALESCE("email", '') || ' ' || COALESCE("company", ''))) STORED;

-- CreateIndex
CREATE INDEX "leads_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC);
