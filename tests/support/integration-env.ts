import { inject } from "vitest";
import { EMBEDDED_DATABASE_ENV } from "@/lib/prisma-client";
import { openMigratedDatabase } from "./database";

// Each worker runs its files one after another on a database of its own, so a file's assertions about
// "its" database hold whatever the other worker does (on the embedded server there is one worker).
const provided = inject("integrationDatabase");
process.env.INTEGRATION_DATABASE_URL =
  "url" in provided
    ? provided.url
    : await openMigratedDatabase(
        provided.serverUrl,
        provided.template,
        `${provided.prefix}_w${process.env.VITEST_POOL_ID ?? "1"}`,
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
