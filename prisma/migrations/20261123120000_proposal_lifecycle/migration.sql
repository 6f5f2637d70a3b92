-- A client link now lives from sharing (by e-mail or by copying the link) to signature, expiry or withdrawal.
ALTER TYPE "ProposalStatus" RENAME VALUE 'sent' TO 'shared';
ALTER TYPE "ProposalStatus" ADD VALUE 'withdrawn';

-- The current version of a proposal's content; every edit makes a new one.
ALTER TABLE "proposals" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "proposals" ADD COLUMN "withdrawn_at" TIMESTAMPTZ(3);

-- Every version of a proposal's content, with who made it and when.
CREATE TABLE "proposal_versions" (
    "id" BIGSERIAL NOT NULL,
    "proposal_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "content_sha256" TEXT NOT NULL,
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_versions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "proposal_versions_proposal_id_version_key" ON "proposal_versions"("proposal_id", "version");

ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The version and language the client signed.
ALTER TABLE "proposal_signatures" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "proposal_signatures" ADD COLUMN "lang" TEXT NOT NULL DEFAULT 'es';
