/** The owner account the end-to-end app is started with (STAFF_OWNER_* in tests/e2e/support/start-server.ts). */
export const E2E_STAFF_EMAIL = "e2e-owner@example.com";
export const E2E_STAFF_PASSWORD = "e2e-staff-password";

/** The shared app's address (playwright.config.ts starts it on E2E_PORT). */
export const E2E_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3100)}`;

/** The owner's signed-in browser state, written once per run by tests/e2e/setup/owner-session.setup.ts. */
export const OWNER_STORAGE_STATE = ".test-reports/e2e-owner-session.json";
