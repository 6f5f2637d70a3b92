// lint-as: lib/staff/outbox-peek.service.ts
// Staff send mail through lib/outbox (the kernel), never through the staff outbox desk in lib/mail.
import { listOutbox } from "@/lib/mail/outbox.service";
export const list = listOutbox;
