-- Staff can turn off the one reminder a shared, unsigned proposal's client gets 3 days before it
-- expires (docs/product.md#reminders). On unless someone turns it off.
ALTER TABLE "proposals" ADD COLUMN "reminders_enabled" BOOLEAN NOT NULL DEFAULT true;
