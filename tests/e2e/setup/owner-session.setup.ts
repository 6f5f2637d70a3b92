// Signs the e2e owner in once per run and keeps the browser state, so a spec whose subject is not
// signing in starts signed in (`test.use({ storageState: OWNER_STORAGE_STATE })`) instead of passing
// through the lock screen. The account's language is part of the account, not of this state: a spec
// that needs one sets it (support/staff.ts, `chooseStaffLanguage`).
import { test as setup } from "@playwright/test";
import { OWNER_STORAGE_STATE } from "../support/constants";
import { signContextIn } from "../support/staff";

setup("the owner signs in once for the run", async ({ browser }) => {
  const context = await browser.newContext();
  await signContextIn(context, { language: "en" });
  await context.storageState({ path: OWNER_STORAGE_STATE });
  await context.close();
});
