// With PostgreSQL unreachable, every staff page shows its lock screen saying the service is unavailable,
// never an error page and never a bare lock screen that invites a password it cannot check.
// Uses the production build the e2e run makes, served by the production server on a port of its own.
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startProductionServer, waitUntilServing } from "../../e2e/support/production-server";

const PORT = Number(process.env.E2E_PORT || 3100) + 405;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const UNAVAILABLE = {
  en: "The service is unavailable right now. Your password was not checked",
  es: "El servicio no está disponible en este momento. No se ha comprobado tu contraseña",
};
// Any session token: checking it needs the database, which is what fails here.
const COOKIE = "__Host-avanza_staff=a-session-token-the-database-would-have-to-check";

let app: ChildProcess;

test.beforeAll(async () => {
  app = startProductionServer(PORT, {
    // Nothing listens on the discard port: every connection is refused, as when the server is down.
    DATABASE_URL: "postgresql://postgres@127.0.0.1:9/postgres",
    SESSION_SECRET: "database-down-session-secret-long-enough-00",
  });
  await waitUntilServing(URL_BASE, { whateverTheDatabaseSays: true });
});

test.afterAll(() => {
  app?.kill("SIGTERM");
});

for (const page of [
  "/crm",
  "/crm/review",
  "/analytics",
  "/proposal/new",
  "/proposal/db/00000000-0000-4000-8000-000000000000",
]) {
  test(`${page} shows the lock screen saying the service is unavailable`, async () => {
    for (const [language, message] of Object.entries(UNAVAILABLE)) {
      const response = await fetch(`${URL_BASE}${page}`, {
        headers: {
          cookie: `${COOKIE}; avanza_staff_lang=${language}`,
          "accept-language": language,
        },
      });
      const html = await response.text();
      expect(response.status, html.slice(0, 300)).toBeLessThan(500);
      expect(html).toContain(message);
    }
  });
}
