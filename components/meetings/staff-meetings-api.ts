// The staff meetings screens' one door to the API (the public booking pages use meetings-api.ts, without zod): every call typed by its endpoint's contract and, outside
// production, checked against it (lib/http/contract-client.ts; the endpoints carry no zod).
import { callEndpoint } from "@/lib/http/contract-client";
import {
  createMeetingType,
  getAvailability,
  handOverMeeting,
  listMeetingTypesAdmin,
  listStaffMeetings,
  putAvailability,
  setMeetingOutcome,
  updateMeetingType,
} from "@/lib/api-docs/endpoints";
import type {
  MeetingOutcome,
  TAvailabilityUpdate,
  TCreateMeetingType,
  TStaffMeetingsQuery,
  TUpdateMeetingType,
} from "@/lib/meetings/staff-meetings.schema";

export const staffMeetingsApi = {
  /** The meetings and whether the span held more than one answer carries. */
  list: (query: TStaffMeetingsQuery) => callEndpoint(listStaffMeetings, { query }),
  setOutcome: (id: string, outcome: MeetingOutcome) =>
    callEndpoint(setMeetingOutcome, { params: { id }, body: { outcome } }),
  handOver: (id: string, hostId: string) =>
    callEndpoint(handOverMeeting, { params: { id }, body: { host_id: hostId } }),
  types: () => callEndpoint(listMeetingTypesAdmin, {}).then((answer) => answer.data),
  createType: (body: TCreateMeetingType) => callEndpoint(createMeetingType, { body }),
  updateType: (id: string, body: TUpdateMeetingType) =>
    callEndpoint(updateMeetingType, { params: { id }, body }),
  availability: (account?: string) =>
    callEndpoint(getAvailability, { query: account ? { account } : {} }),
  saveAvailability: (body: TAvailabilityUpdate, account?: string) =>
    callEndpoint(putAvailability, { query: account ? { account } : {}, body }),
};
