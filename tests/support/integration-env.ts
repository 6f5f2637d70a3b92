import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { EMBEDDED_DATABASE_ENV } from "@/lib/prisma-client";
import { openMigratedDatabase } from "./database";

// Each test file gets a copy of the migrated template of its own (on the embedded server, which cannot copy
// databases, files share one and run one at a time): what other files left behind (queued jobs, rows a
// count would see) never reaches it, whichever files ran before it on its worker or beside it on another.
const provided = inject("integrationDatabase");
process.env.INTEGRATION_DATABASE_URL =
  "url" in provided
    ? provided.url
    : await openMigratedDatabase(
        provided.serverUrl,
        provided.template,
        `${provided.prefix}_${randomBytes(6).toString("hex")}`,
      );
// App modules (lib/db.ts, lib/env.ts) read the environment on first use; point them at the run's database.
process.env.DATABASE_URL = process.env.INTEGRATION_DATABASE_URL;
process.env.SESSION_SECRET = "integration-test-session-secret-0123456789";
// On the embedded server, one connection per pool and no named statements (see lib/prisma-client.ts).
if (!process.env.TEST_DATABASE_URL) Object.assign(process.env, EMBEDDED_DATABASE_ENV);
// In-process calls have no socket: tests stand in for one trusted proxy, whose X-Forwarded-For entry is the client.
process.env.TRUSTED_PROXY_HOPS = "1";
// Every file signs staff in; the global sign-in cap has its own test file (sign-in-global-cap.test.ts).
process.env.STAFF_SIGN_IN_PER_MINUTE = "100000";
// The calendar servers of the meetings tests (Radicale, and servers that are down or answer garbage) are on loopback.
process.env.CALENDAR_PRIVATE_ADDRESSES = "allow";
