/** The owner account the end-to-end app is started with (STAFF_OWNER_* in tests/e2e/support/start-server.ts). */
export const E2E_STAFF_EMAIL = "e2e-owner@example.com";
export const E2E_STAFF_PASSWORD = "e2e-staff-password";
