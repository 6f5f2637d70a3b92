import "server-only";
import { db } from "@/lib/db";

/** Records the staff UI language an account uses, when it changed (its e-mails follow it). */
export function updateAccountLang(accountId: string, lang: string) {
  return db.staffAccount.updateMany({
    where: { id: accountId, NOT: { lang } },
    data: { lang },
  });
}
