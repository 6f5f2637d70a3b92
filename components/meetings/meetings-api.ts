// The public booking and manage pages' client, typed by the endpoints' contracts (lib/meetings/meetings.contract.ts).
// The endpoints carry no zod, so these pages ship none in production (decision 025).
import { callEndpoint } from "@/lib/http/contract-client";
import type { SuccessOf } from "@/lib/http/contract";
import {
  bookMeeting as bookMeetingEndpoint,
  cancelMeetingByLink,
  listMeetingSlots,
  rescheduleMeetingByLink,
} from "@/lib/api-docs/endpoints";
import type { listMeetingSlots as ListMeetingSlots } from "@/lib/meetings/meetings.contract";
import type { ZBookMeetingRequest } from "@/lib/meetings/meetings.schema";
import type { z } from "zod";

export type SlotDto = SuccessOf<typeof ListMeetingSlots>["slots"][number];

export function fetchSlots(type: string, from: string, to: string, tz: string) {
  return callEndpoint(listMeetingSlots, { query: { type, from, to, tz } });
}

export type BookingBody = z.input<typeof ZBookMeetingRequest>;

export function bookMeeting(body: BookingBody) {
  return callEndpoint(bookMeetingEndpoint, { body });
}

export function cancelMeeting(token: string) {
  return callEndpoint(cancelMeetingByLink, { params: { token } });
}

export function rescheduleMeeting(token: string, start: string) {
  return callEndpoint(rescheduleMeetingByLink, { params: { token }, body: { start } });
}
