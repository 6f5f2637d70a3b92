/** The staff side of meetings: lists and outcomes, meeting types, working hours (lib/http/contract.ts). */
import { z } from "zod";
import { defineContract, errorAnswer, zPathId } from "@/lib/http/contract";
import {
  DEFAULT_MEETING_LIST_DAYS,
  MAX_MEETING_LIST_ROWS,
  ZAvailability,
  ZAvailabilityQuery,
  ZAvailabilityUpdate,
  ZCreateMeetingType,
  ZMeetingHandoverRequest,
  ZMeetingOutcomeRequest,
  ZMeetingTypeAdmin,
  ZStaffMeeting,
  ZStaffMeetingsQuery,
  ZUpdateMeetingType,
} from "./staff-meetings.schema";

export const listStaffMeetings = defineContract({
  operationId: "listStaffMeetings",
  method: "GET",
  path: "/api/crm/meetings",
  tag: "meetings",
  access: "staff",
  summary: "Meetings by host or by lead, earliest first (cancelled ones included).",
  description: `Without \`lead\`, a host's meetings that end after \`from\` (default now) and start before \`to\` (default ${DEFAULT_MEETING_LIST_DAYS} days on). Sales accounts whose lead visibility is "own" see only their own meetings and their own or unassigned leads' (another host or a colleague's lead is 403).`,
  query: ZStaffMeetingsQuery,
  responses: {
    200: {
      description: "The meetings.",
      schema: z
        .object({
          data: z.array(ZStaffMeeting),
          truncated: z.boolean().meta({
            description: `True when the span holds more than the ${MAX_MEETING_LIST_ROWS} earliest meetings \`data\` carries: ask for a shorter span (a later \`from\`) for the rest.`,
          }),
        })
        .meta({ id: "StaffMeetingList" }),
    },
  },
});

export const setMeetingOutcome = defineContract({
  operationId: "setMeetingOutcome",
  method: "PATCH",
  path: "/api/crm/meetings/{id}",
  tag: "meetings",
  access: "staff",
  summary: "Record how a meeting went (held, no-show, rescheduled) once its time has come.",
  description:
    "Noted on the lead's timeline. The lead's first held meeting moves it from Qualification to Discovery.",
  params: zPathId,
  body: { schema: ZMeetingOutcomeRequest, example: { outcome: "held" } },
  responses: {
    200: { description: "The meeting with its outcome.", schema: ZStaffMeeting },
    409: errorAnswer("The meeting has not started yet, or it was cancelled."),
  },
});

export const handOverMeeting = defineContract({
  operationId: "handOverMeeting",
  method: "POST",
  path: "/api/crm/meetings/{id}/handover",
  tag: "meetings",
  access: "manager",
  summary: "Give an upcoming meeting whose host has left to an active colleague.",
  description:
    "Same time, SEQUENCE+1: the visitor is told who now takes it (their manage link keeps working) and the new host gets the invitation; reminders follow the new version; the lead's timeline notes who did it. Only a meeting whose host's account is deactivated (409 otherwise), booked and not yet started (409). `host_id` must be an active account (400); one with a meeting at the same time is 409. The new host's working hours are not checked.",
  params: zPathId,
  body: {
    schema: ZMeetingHandoverRequest,
    example: { host_id: "3f1c2b9e-8a4d-4c6b-9e2f-1a2b3c4d5e6f" },
  },
  responses: {
    200: { description: "The meeting with its new host.", schema: ZStaffMeeting },
    409: errorAnswer(
      "The meeting is cancelled or started, its host is still active, or the new host is busy then.",
    ),
  },
});

export const listMeetingTypesAdmin = defineContract({
  operationId: "listMeetingTypesAdmin",
  method: "GET",
  path: "/api/crm/meeting-types",
  tag: "meetings",
  access: "manager",
  summary: "Every meeting type with all its settings, inactive ones included.",
  responses: {
    200: {
      description: "The types in display order.",
      schema: z.object({ data: z.array(ZMeetingTypeAdmin) }).meta({ id: "MeetingTypeAdminList" }),
    },
  },
});

const slugTaken = errorAnswer("Another meeting type already has this slug.");

export const createMeetingType = defineContract({
  operationId: "createMeetingType",
  method: "POST",
  path: "/api/crm/meeting-types",
  tag: "meetings",
  access: "manager",
  summary: "Add a meeting type visitors can book at /book/{slug}.",
  body: {
    schema: ZCreateMeetingType,
    example: {
      slug: "implementation-review",
      title_es: "Revisión de implantación",
      title_en: "Implementation review",
      description_es: "Repasamos cómo va el proyecto.",
      description_en: "We go over how the project is doing.",
      duration_minutes: 30,
      buffer_after_minutes: 10,
    },
  },
  responses: { 201: { description: "Added.", schema: ZMeetingTypeAdmin }, 409: slugTaken },
});

export const updateMeetingType = defineContract({
  operationId: "updateMeetingType",
  method: "PATCH",
  path: "/api/crm/meeting-types/{id}",
  tag: "meetings",
  access: "manager",
  summary: "Change a meeting type; `active: false` stops new bookings (booked meetings keep it).",
  params: zPathId,
  body: { schema: ZUpdateMeetingType, example: { duration_minutes: 40, active: true } },
  responses: { 200: { description: "Changed.", schema: ZMeetingTypeAdmin }, 409: slugTaken },
});

const notOwner = errorAnswer(
  "Another account's hours are the owner's to see and change (or two-factor set-up is still due).",
);
const noAccount = errorAnswer("No staff account with this id.");

export const getAvailability = defineContract({
  operationId: "getAvailability",
  method: "GET",
  path: "/api/staff/availability",
  tag: "meetings",
  access: "staff",
  summary: "Your working hours for meetings (an owner may ask for anyone's with `account`).",
  description:
    "`weekly`: `day` 0 = Sunday … 6 = Saturday, times HH:MM in `time_zone`. An account that never set its hours gets the default (Monday to Friday 09:00–17:00, Europe/Madrid) with `is_default: true`.",
  query: ZAvailabilityQuery,
  responses: {
    200: { description: "The hours.", schema: ZAvailability },
    403: notOwner,
    404: noAccount,
  },
});

export const putAvailability = defineContract({
  operationId: "putAvailability",
  method: "PUT",
  path: "/api/staff/availability",
  tag: "meetings",
  access: "staff",
  summary: "Replace your working hours (an owner may set anyone's with `account`).",
  query: ZAvailabilityQuery,
  body: {
    schema: ZAvailabilityUpdate,
    example: {
      time_zone: "Europe/Madrid",
      weekly: [
        { day: 1, start: "09:00", end: "14:00" },
        { day: 1, start: "15:00", end: "18:00" },
        { day: 3, start: "10:00", end: "16:00" },
      ],
      days_off: ["2026-12-24"],
    },
  },
  responses: {
    200: { description: "The hours as stored.", schema: ZAvailability },
    403: notOwner,
    404: noAccount,
  },
});

export const STAFF_MEETINGS_CONTRACTS = [
  listStaffMeetings,
  setMeetingOutcome,
  handOverMeeting,
  listMeetingTypesAdmin,
  createMeetingType,
  updateMeetingType,
  getAvailability,
  putAvailability,
];
