-- The language a staff account last used the staff tools in: its alerts, digests, invites and reset
-- links are written in it (docs/product.md#alerts). Spanish until the account opens a staff page.
ALTER TABLE "staff_accounts" ADD COLUMN "lang" TEXT NOT NULL DEFAULT 'es';
