// The public booking pages' client: plain fetch through callApi, so these pages carry neither zod nor the
// contracts (as the proposal link's client). Shapes: lib/meetings/meetings.contract.ts.
import { callApi } from "@/lib/http/api-client";

export interface SlotDto {
  start: string;
  end: string;
}

export function fetchSlots(type: string, from: string, to: string, tz: string) {
  const query = new URLSearchParams({ type, from, to, tz });
  return callApi<{ slots: SlotDto[] }>(`/api/meetings/slots?${query.toString()}`);
}

export interface BookingBody {
  type: string;
  start: string;
  name: string;
  email: string;
  company?: string;
  notes?: string;
  lang: "es" | "en";
  time_zone: string;
  visitor_id?: string;
}

export function bookMeeting(body: BookingBody) {
  return callApi<{ id: string; start: string; end: string; manage_url: string }>("/api/meetings", {
    method: "POST",
    json: body,
  });
}

export function cancelMeeting(token: string) {
  return callApi<{ id: string }>(`/api/meetings/manage/${encodeURIComponent(token)}/cancel`, {
    method: "POST",
  });
}

export function rescheduleMeeting(token: string, start: string) {
  return callApi<{ id: string; start: string; manage_url?: string }>(
    `/api/meetings/manage/${encodeURIComponent(token)}/reschedule`,
    { method: "POST", json: { start } },
  );
}
