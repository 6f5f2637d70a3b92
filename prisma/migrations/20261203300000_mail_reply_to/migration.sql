-- The address a reader's answer goes to: the staff member who sent the message (a proposal, an
-- e-mail to a lead); null for the app's own messages (alerts, reminders, digests).
ALTER TABLE "mail_messages" ADD COLUMN "reply_to" TEXT;
