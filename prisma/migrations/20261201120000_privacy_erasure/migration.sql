-- Erasure of a lead with proposals (lib/crm/lead-erasure.repo.ts): the proposal records when it was erased,
-- so its client link stops opening, and the signature loses the drawn image, which identifies the signer
-- and is not part of the legal record kept (docs/product.md, "Erasure and signed records").
ALTER TABLE "proposals" ADD COLUMN "erased_at" TIMESTAMPTZ(3);

ALTER TABLE "proposal_signatures" ALTER COLUMN "image" DROP NOT NULL;
