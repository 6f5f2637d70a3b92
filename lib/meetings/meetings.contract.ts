/** Meetings booked on the site (lib/http/contract.ts; docs/product.md#meetings). */
import { z } from "zod";
import { defineContract, errorAnswer } from "@/lib/http/contract";
import {
  MEETING_BODY_MAX_BYTES,
  ZBookMeetingRequest,
  ZManageParams,
  ZMeetingBooked,
  ZMeetingOut,
  ZMeetingType,
  ZMeetingTypesQuery,
  ZRescheduleRequest,
  ZSlotOut,
  ZSlotsQuery,
  ZSlotTaken,
} from "./meetings.schema";

const noType = errorAnswer("No meeting type with this slug is offered.");

export const listMeetingTypes = defineContract({
  operationId: "listMeetingTypes",
  method: "GET",
  path: "/api/meetings/types",
  tag: "meetings",
  access: "public",
  summary: "The meeting types a visitor can book, in the asked language.",
  query: ZMeetingTypesQuery,
  responses: {
    200: {
      description: "The types, in their display order.",
      schema: z.object({ data: z.array(ZMeetingType) }).meta({ id: "MeetingTypeList" }),
    },
  },
});

export const listMeetingSlots = defineContract({
  operationId: "listMeetingSlots",
  method: "GET",
  path: "/api/meetings/slots",
  tag: "meetings",
  access: "public",
  summary: "The free start times of a meeting type between two days.",
  description:
    "`from` and `to` are calendar days in `tz` (at most 62 days, both included); the answer's times are UTC. A range that starts past how far ahead the type can be booked is 400; one that ends past it is cut there.",
  query: ZSlotsQuery,
  responses: {
    200: {
      description: "Free times, earliest first.",
      schema: z.object({ slots: z.array(ZSlotOut) }).meta({ id: "MeetingSlotList" }),
    },
    404: noType,
  },
});

export const bookMeeting = defineContract({
  operationId: "bookMeeting",
  method: "POST",
  path: "/api/meetings",
  tag: "meetings",
  access: "public",
  summary: "Book a meeting at a free time: the lead, the host, the timeline and the invitations.",
  description:
    "`start` must be one of the free times GET /api/meetings/slots offers. When someone else took it first the answer is 409 with the next free times.",
  body: {
    schema: ZBookMeetingRequest,
    maxBytes: MEETING_BODY_MAX_BYTES,
    example: {
      type: "strategy-session",
      start: "2026-12-07T09:00:00Z",
      name: "Lucía Fernández",
      email: "lucia@clinica-norte.example",
      company: "Clínica Norte",
      notes: "We miss calls at reception.",
      lang: "es",
      time_zone: "Europe/Madrid",
    },
  },
  responses: {
    201: { description: "Booked.", schema: ZMeetingBooked },
    404: noType,
    409: {
      description: "That time was just taken; `next` offers the next free ones.",
      schema: ZSlotTaken,
    },
    429: errorAnswer("Too many bookings from this address.", {
      "Retry-After": "Seconds to wait before trying again.",
    }),
  },
});

const gone = errorAnswer("The link was already used, or the meeting is cancelled or past.");

export const cancelMeetingByLink = defineContract({
  operationId: "cancelMeetingByLink",
  method: "POST",
  path: "/api/meetings/manage/{token}/cancel",
  tag: "meetings",
  access: "public",
  summary: "Cancel a meeting from the visitor's link (the link then stops working).",
  params: ZManageParams,
  responses: { 200: { description: "Cancelled.", schema: ZMeetingOut }, 410: gone },
});

export const rescheduleMeetingByLink = defineContract({
  operationId: "rescheduleMeetingByLink",
  method: "POST",
  path: "/api/meetings/manage/{token}/reschedule",
  tag: "meetings",
  access: "public",
  summary: "Move a meeting to another free time from the visitor's link; a new link comes with it.",
  params: ZManageParams,
  body: { schema: ZRescheduleRequest, example: { start: "2026-12-08T10:00:00Z" } },
  responses: {
    200: { description: "Moved; `manage_url` is the new link.", schema: ZMeetingOut },
    409: { description: "That time was just taken.", schema: ZSlotTaken },
    410: gone,
  },
});

export const MEETINGS_CONTRACTS = [
  listMeetingTypes,
  listMeetingSlots,
  bookMeeting,
  cancelMeetingByLink,
  rescheduleMeetingByLink,
];
