-- A timeline entry's facts as data (stage from/to, task title, assignee, due date…), so the CRM writes each
-- entry as a sentence in the reader's language instead of showing the stored English text
-- (docs/product.md#staff-accounts, "Who did it").

-- AlterTable
ALTER TABLE "activities" ADD COLUMN "detail" JSONB;

-- Stage changes were always written as "<from> → <to>" with the enum's names, so their facts can be read back.
UPDATE "activities"
   SET "detail" = jsonb_build_object('from', split_part("content", ' → ', 1), 'to', split_part("content", ' → ', 2))
 WHERE "type" = 'stage_change'
   AND split_part("content", ' → ', 1) IN ('Qualification', 'Discovery', 'Proposal', 'Negotiation', 'Won', 'Lost')
   AND split_part("content", ' → ', 2) IN ('Qualification', 'Discovery', 'Proposal', 'Negotiation', 'Won', 'Lost');
