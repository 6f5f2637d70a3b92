import { inject } from "vitest";
import { TEST_STAFF_PASSWORD } from "./staff";

// App modules (lib/db.ts, lib/env.ts) read the environment on first use; point them at the run's database.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.CRM_PASSWORD = TEST_STAFF_PASSWORD;
delete process.env.CRM_PASSWORD_HASH;
process.env.SESSION_SECRET = "integration-test-session-secret-0123456789";
