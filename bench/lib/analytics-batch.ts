import { randomUUID } from "node:crypto";

export const BENCH_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const TYPES = [
  "page_view",
  "page_view",
  "scroll_depth",
  "scroll_depth",
  "cta_click",
  "camila_click",
  "phone_click",
  "form_submit",
];

let sequence = 0;

/** One tracker batch of `size` events of one visitor (of 50,000), each with a new event id. */
export function batchBody(baseUrl: string, size: number): string {
  const visitor = Math.floor(Math.random() * 50_000);
  const events = Array.from({ length: size }, (_, i) => {
    const type = TYPES[(sequence + i) % TYPES.length]!;
    return {
      event_id: `bench_${randomUUID()}`,
      event_type: type,
      user_id: `user_bench${visitor}`,
      session_id: `session_bench${visitor}`,
      page_url: `${baseUrl}/page-${(sequence + i) % 20}`,
      user_agent: BENCH_USER_AGENT,
      referrer: i === 0 ? "https://www.google.com/" : `${baseUrl}/`,
      timestamp: new Date().toISOString(),
      metadata:
        type === "page_view"
          ? { page_title: "Page", path: "/" }
          : type === "scroll_depth"
            ? { scroll_percent: 50, page: "/" }
            : { cta_text: "Conversemos", location: "hero" },
    };
  });
  sequence += size;
  return JSON.stringify({ events });
}

/** A client address out of 10,000, so the per-address limit stays on at its default without throttling. */
export const benchClientAddress = () =>
  `10.${Math.floor(Math.random() * 10_000) >> 8}.${Math.floor(Math.random() * 256)}.1`;
