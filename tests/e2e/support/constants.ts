/** Staff password of the app the end-to-end tests start (tests/e2e/support/start-server.ts). */
export const E2E_STAFF_PASSWORD = "e2e-staff-password";
