-- Won revenue as figures, parsed once from the signed version's amounts when it is signed
-- (docs/product.md#attribution). Currency NULL: the proposal states no amount. Currency set with a NULL
-- amount: its text could not be read with certainty ('unparsed'), never guessed.
ALTER TABLE "proposal_signatures" ADD COLUMN "revenue_currency" TEXT;
ALTER TABLE "proposal_signatures" ADD COLUMN "revenue_initial" DECIMAL(14,2);
ALTER TABLE "proposal_signatures" ADD COLUMN "revenue_monthly" DECIMAL(14,2);
