-- Meetings booked inside the product (docs/product.md#meetings, docs/decisions/017-meetings.md): the
-- types a visitor can book, each staff member's working hours, the bookings, and their manage links.

-- btree_gist lets one GiST index compare the host with = and the time range with &&, which the exclusion
-- constraint below needs. The embedded database bundles the same extension (scripts/db/embedded-postgres.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- CreateTable
CREATE TABLE "meeting_types" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title_es" TEXT NOT NULL,
    "title_en" TEXT NOT NULL,
    "description_es" TEXT NOT NULL,
    "description_en" TEXT NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "buffer_before_minutes" INTEGER NOT NULL DEFAULT 0,
    "buffer_after_minutes" INTEGER NOT NULL DEFAULT 0,
    "min_notice_minutes" INTEGER NOT NULL DEFAULT 240,
    "horizon_days" INTEGER NOT NULL DEFAULT 60,
    "host_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "meeting_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_availability" (
    "account_id" UUID NOT NULL,
    "time_zone" TEXT NOT NULL,
    "weekly" JSONB NOT NULL,
    "days_off" DATE[] DEFAULT ARRAY[]::DATE[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_availability_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "meetings" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "type_id" UUID NOT NULL,
    "host_id" UUID NOT NULL,
    "lead_id" UUID,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'booked',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "company" TEXT,
    "notes" TEXT,
    "lang" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL,
    "outcome" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "meetings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "meetings_ends_after_start" CHECK ("ends_at" > "starts_at")
);

-- CreateTable
CREATE TABLE "meeting_manage_tokens" (
    "token_hash" TEXT NOT NULL,
    "meeting_id" UUID NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "meeting_manage_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE UNIQUE INDEX "meeting_types_slug_key" ON "meeting_types"("slug");
CREATE UNIQUE INDEX "meetings_reference_key" ON "meetings"("reference");
CREATE INDEX "meetings_host_id_starts_at_idx" ON "meetings"("host_id", "starts_at");
CREATE INDEX "meetings_lead_id_idx" ON "meetings"("lead_id");
CREATE INDEX "meeting_manage_tokens_meeting_id_idx" ON "meeting_manage_tokens"("meeting_id");

-- AddForeignKey
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "meeting_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_host_id_fkey" FOREIGN KEY ("host_id") REFERENCES "staff_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "meeting_manage_tokens" ADD CONSTRAINT "meeting_manage_tokens_meeting_id_fkey" FOREIGN KEY ("meeting_id") REFERENCES "meetings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- No two live bookings of one host overlap, whoever writes them and however many app instances race:
-- the database refuses the second (SQLSTATE 23P01). Half-open ranges, so back-to-back meetings fit.
-- Buffers are kept by the booking service under a per-host lock; this is the last word on overlap.
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_host_no_overlap"
  EXCLUDE USING gist ("host_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'booked');

-- The two types every installation starts with; hosts empty = every active sales account.
INSERT INTO "meeting_types" ("id", "slug", "title_es", "title_en", "description_es", "description_en",
  "duration_minutes", "buffer_before_minutes", "buffer_after_minutes", "min_notice_minutes", "horizon_days",
  "position", "updated_at")
VALUES
  ('6d1f3c9e-5b1a-4c61-9a8e-0b7f4c2a1e01', 'strategy-session', 'Sesión estratégica', 'Strategy session',
   'Una sesión de 45 minutos para entender tu negocio, revisar dónde la IA puede ahorrarte tiempo o dinero y acordar los siguientes pasos.',
   'A 45-minute session to understand your business, look at where AI can save you time or money, and agree on next steps.',
   45, 0, 15, 240, 60, 0, CURRENT_TIMESTAMP),
  ('6d1f3c9e-5b1a-4c61-9a8e-0b7f4c2a1e02', 'discovery-call', 'Llamada de descubrimiento', 'Discovery call',
   'Una llamada de 30 minutos para conocernos, escuchar tu caso y ver si podemos ayudarte.',
   'A 30-minute call to get to know each other, hear about your case and see whether we can help.',
   30, 0, 10, 240, 60, 1, CURRENT_TIMESTAMP);
