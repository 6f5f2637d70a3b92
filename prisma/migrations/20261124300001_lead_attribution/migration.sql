-- Attribution of a lead submission to the visits that led to it (docs/product.md#attribution): the
-- touches computed at capture from the tracker's events of the visitor id the form sent, or what the
-- form said when those events are not ours to find. NULL means 'unknown' (the tracker was not allowed).
ALTER TABLE "lead_submissions" ADD COLUMN "attribution" JSONB;

-- A visitor's page views in time order, read once per captured lead.
CREATE INDEX "analytics_events_user_id_received_at_idx" ON "analytics_events"("user_id", "received_at");
