-- What sales accounts may see and take, decided by the owner on the accounts page (docs/product.md#staff-accounts):
-- everyone's leads or only their own and unassigned ones; CSV export and changes to a colleague's shared
-- proposal for managers and owners only unless allowed.
ALTER TABLE "staff_settings" ADD COLUMN "sales_lead_visibility" TEXT NOT NULL DEFAULT 'all',
ADD COLUMN "sales_may_export" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "sales_may_change_others_proposals" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_sales_lead_visibility_check"
  CHECK ("sales_lead_visibility" IN ('all', 'own'));
