-- Substring search over the folded lead text ("garcia" anywhere in name, e-mail or company) cannot use a
-- b-tree: without this index a rare term reads every lead. A trigram GIN index answers LIKE '%term%' from the
-- trigrams of the term; the planner still walks the (created_at, id) index for common terms, where the newest
-- matches come first. The embedded database loads the same extension (scripts/db/embedded-postgres.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "leads_search_text_idx" ON "leads" USING GIN ("search_text" gin_trgm_ops);
