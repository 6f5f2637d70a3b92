import { randomUUID } from "node:crypto";

export const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
export const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const token = () => randomUUID().replaceAll("-", "");

/** A tracker event as the browser module sends it; override any field. */
export function makeEvent(overrides: Record<string, unknown> = {}) {
  return {
    event_id: `evt_${token()}`,
    event_type: "page_view",
    user_id: `user_${token()}`,
    session_id: `session_${token()}`,
    page_url: "http://crm.test/soluciones",
    user_agent: BROWSER_UA,
    referrer: "",
    timestamp: new Date().toISOString(),
    metadata: { page_title: "Soluciones", path: "/soluciones" },
    ...overrides,
  };
}
