-- The certificate that signs sealed PDFs when no production certificate is configured: generated once by the
-- first instance that needs it. The fixed key makes the insert race-safe: two instances starting together
-- both try, one row wins, and both then read that row.
CREATE TABLE "signing_certificates" (
    "id" TEXT NOT NULL,
    "p12" BYTEA NOT NULL,
    "fingerprint_sha256" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signing_certificates_pkey" PRIMARY KEY ("id")
);

-- A client types the content fingerprint from the certificate or their e-mail into the verify page.
CREATE INDEX "proposal_signatures_content_sha256_idx" ON "proposal_signatures"("content_sha256");
