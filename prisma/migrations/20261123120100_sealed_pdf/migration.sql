-- The sealed PDF rendered on signing (the signed version plus a completion certificate) and its SHA-256,
-- by which anyone holding the file can verify it.
ALTER TABLE "proposal_signatures" ADD COLUMN "pdf" BYTEA;
ALTER TABLE "proposal_signatures" ADD COLUMN "pdf_sha256" TEXT;

CREATE UNIQUE INDEX "proposal_signatures_pdf_sha256_key" ON "proposal_signatures"("pdf_sha256");
