import "server-only";
import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { renderMail, brandFooter } from "@/lib/outbox/mail-layout";
import type { QueuedMail } from "@/lib/outbox/outbox.service";
import { site } from "@/lib/site";
import { buildMeetingIcs } from "./meeting-ics";

export type MeetingChange = "booked" | "moved" | "handed_over" | "cancelled" | "reminder";
type Lang = "es" | "en";

export interface MeetingFacts {
  id: string;
  reference: string;
  leadId: string | null;
  typeTitle: { es: string; en: string };
  start: Date;
  end: Date;
  sequence: number;
  visitor: {
    name: string;
    email: string;
    company: string | null;
    notes: string | null;
    lang: Lang;
    timeZone: string;
  };
  host: { name: string; email: string; lang: Lang; timeZone: string };
  /** Only in the visitor's mail of a booking or a move: the new single-use link. */
  manageUrl: string | null;
}

export const translatorFor = (lang: Lang) =>
  createTranslator({ locale: lang, messages: lang === "es" ? es : en, namespace: "MeetingMail" });

/** "Monday, 7 December 2026, 10:00 CET": the reader's language and zone, the zone named. */
export function formatWhen(instant: Date, lang: Lang, timeZone: string): string {
  return new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-GB", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);
}

/** Header values are one line: a name cannot start a header of its own. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, " ");

const ICS_KIND = {
  booked: "REQUEST",
  moved: "REQUEST",
  // The same event with a new organiser, SEQUENCE+1: calendars update it in place.
  handed_over: "REQUEST",
  reminder: null,
  cancelled: "CANCEL",
} as const;

/** The two e-mails a change sends: the visitor's (their language and zone) and the host's (theirs). */
export function meetingMails(
  facts: MeetingFacts,
  change: MeetingChange,
  now: Date,
  /** Names this sending, so a job that runs twice stores each e-mail once ("reminder-1h"). */
  occasion: string = change,
): QueuedMail[] {
  const domain = new URL(site.siteUrl).hostname;
  const video = site.meetingVideoUrl ?? null;
  const method = ICS_KIND[change];
  const attachment = (lang: Lang, summary: string, description: string) =>
    method
      ? [
          {
            filename: change === "cancelled" ? "cancel.ics" : "invite.ics",
            contentType: `text/calendar; charset=utf-8; method=${method}`,
            content: Buffer.from(
              buildMeetingIcs({
                meetingId: facts.id,
                domain,
                productName: site.name,
                lang,
                method,
                sequence: facts.sequence,
                start: facts.start,
                end: facts.end,
                summary,
                description,
                location: video,
                organizer: { name: facts.host.name, email: facts.host.email },
                attendee: { name: facts.visitor.name, email: facts.visitor.email },
                now,
              }),
            ),
          },
        ]
      : [];

  const v = facts.visitor;
  const tv = translatorFor(v.lang);
  const typeV = facts.typeTitle[v.lang];
  const whenV = formatWhen(facts.start, v.lang, v.timeZone);
  const videoRow: [string, string] = [
    tv("video"),
    video ?? tv("videoLater", { host: facts.host.name }),
  ];
  const visitorSubject = {
    booked: tv("bookedSubject", { type: typeV, when: whenV }),
    moved: tv("movedSubject", { type: typeV, when: whenV }),
    handed_over: tv("handedSubject", { type: typeV, when: whenV, host: facts.host.name }),
    cancelled: tv("cancelledSubject", { type: typeV, when: whenV }),
    reminder: tv("reminderSubject", { type: typeV, when: whenV }),
  }[change];
  const visitorIntro = {
    booked: tv("bookedIntro", { name: v.name, type: typeV, brand: site.name }),
    moved: tv("movedIntro", { name: v.name, type: typeV, brand: site.name }),
    handed_over: tv("handedIntro", {
      name: v.name,
      type: typeV,
      brand: site.name,
      host: facts.host.name,
    }),
    cancelled: tv("cancelledIntro", { name: v.name, type: typeV, brand: site.name }),
    reminder: tv("reminderIntro", { name: v.name, type: typeV, brand: site.name }),
  }[change];
  const visitorBody = renderMail({
    lang: v.lang,
    title: visitorSubject,
    paragraphs: [visitorIntro],
    rows: [
      [tv("when"), whenV],
      [tv("host"), facts.host.name],
      ...(change === "cancelled" ? [] : [videoRow]),
      [tv("reference"), facts.reference],
    ],
    link: facts.manageUrl ? { href: facts.manageUrl, label: tv("manage") } : undefined,
    after: [...(facts.manageUrl ? [tv("manageNote")] : []), ...(method ? [tv("attached")] : [])],
    footer: brandFooter(),
  });
  const visitorMail: QueuedMail = {
    kind: "meeting_visitor",
    leadId: facts.leadId,
    to: v.email,
    subject: oneLine(visitorSubject),
    ...visitorBody,
    attachments: attachment(
      v.lang,
      `${typeV} · ${site.name}`,
      `${visitorIntro}\n${tv("reference")}: ${facts.reference}`,
    ),
    dedupeKey: `meeting:${facts.id}:${facts.sequence}:${occasion}:visitor`,
  };

  const h = facts.host;
  const th = translatorFor(h.lang);
  const typeH = facts.typeTitle[h.lang];
  const whenH = formatWhen(facts.start, h.lang, h.timeZone);
  const hostSubject = {
    booked: th("hostBookedSubject", { name: v.name, when: whenH }),
    moved: th("hostMovedSubject", { name: v.name, when: whenH }),
    handed_over: th("hostHandedSubject", { name: v.name, when: whenH }),
    cancelled: th("hostCancelledSubject", { name: v.name, when: whenH }),
    reminder: th("hostReminderSubject", { name: v.name, when: whenH }),
  }[change];
  const hostIntro = {
    booked: th("hostBookedIntro", { name: v.name, type: typeH }),
    moved: th("hostMovedIntro", { name: v.name, type: typeH }),
    handed_over: th("hostHandedIntro", { name: v.name, type: typeH }),
    cancelled: th("hostCancelledIntro", { name: v.name, type: typeH }),
    reminder: th("hostReminderIntro", { name: v.name, type: typeH }),
  }[change];
  const hostBody = renderMail({
    lang: h.lang,
    title: hostSubject,
    paragraphs: [hostIntro],
    rows: [
      [th("when"), whenH],
      [th("visitor"), v.name],
      [th("email"), v.email],
      ...(v.company ? [[th("company"), v.company] as [string, string]] : []),
      ...(v.notes ? [[th("notes"), v.notes] as [string, string]] : []),
      [th("reference"), facts.reference],
    ],
    footer: brandFooter(),
  });
  const hostMail: QueuedMail = {
    kind: "meeting_host",
    leadId: facts.leadId,
    to: h.email,
    subject: oneLine(hostSubject),
    ...hostBody,
    // The host's copy of the same event (same UID and SEQUENCE), written in the visitor's language as sent.
    attachments: attachment(
      v.lang,
      `${typeV} · ${v.name}`,
      `${visitorIntro}\n${tv("reference")}: ${facts.reference}`,
    ),
    dedupeKey: `meeting:${facts.id}:${facts.sequence}:${occasion}:host`,
  };
  return [visitorMail, hostMail];
}
