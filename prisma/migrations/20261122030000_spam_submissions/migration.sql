-- CreateTable
CREATE TABLE "spam_submissions" (
    "id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "client_address" TEXT,
    "user_agent" TEXT,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "spam_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "spam_submissions_created_at_idx" ON "spam_submissions"("created_at");
