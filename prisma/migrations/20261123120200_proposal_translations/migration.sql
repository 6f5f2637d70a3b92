-- A proposal's content in its other language ({"en": ProposalData} or {"es": …}), so the client page never mixes languages.
ALTER TABLE "proposals" ADD COLUMN "translations" JSONB NOT NULL DEFAULT '{}';
