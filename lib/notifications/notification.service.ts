import "server-only";
import { createTranslator } from "next-intl";
import { db, type DbClient } from "@/lib/db";
import { renderMail } from "@/lib/outbox/mail-layout";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import { site } from "@/lib/site";
import type { StaffSession } from "@/lib/staff/session.service";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPageDto,
  type TMarkNotificationsRead,
  type TNotificationListQuery,
} from "./notification.schema";
import {
  countUnread,
  deleteNotificationsLinkingTo,
  insertNotifications,
  selectActiveReaders,
  selectNotifications,
  updateRead,
} from "./notification.repo";

// In-app notifications: written when the event happens, to each account concerned, in the language
// that account uses the staff tools in (so the list reads in one language, like its e-mails).

const CATALOGUES = { es: es.NotificationTexts, en: en.NotificationTexts } as const;
type Lang = keyof typeof CATALOGUES;

const translatorFor = (lang: Lang) =>
  createTranslator({
    locale: lang,
    messages: { NotificationTexts: CATALOGUES[lang] },
    namespace: "NotificationTexts",
  });

const langOf = (value: string): Lang => (value === "en" ? "en" : "es");

function textFor({ kind, values }: NotificationEvent, lang: Lang): string {
  const inLang = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "function" ? value(lang) : value,
    ]),
  );
  return translatorFor(lang)(kind, inLang);
}

/** The staff page of one lead. */
export const leadPageOf = (leadId: string) => `/crm/leads/${leadId}`;

export interface NotificationEvent {
  kind: NotificationKind;
  /**
   * The values the kind's sentence names: lead, actor, title, client… A value given as a function is
   * asked for in each reader's language (an unnamed client is "Client" to one and "Cliente" to another).
   */
  values: Record<string, string | ((lang: Lang) => string)>;
  link: string;
  /** One notification per account for this key, however often the event is reported. */
  dedupeKey?: string;
}

/**
 * Tells each active account among `accountIds` (once each) about an event. Unknown or deactivated
 * accounts are skipped; the accounts themselves are returned, for a caller that also e-mails them.
 */
export async function notifyAccounts(
  accountIds: (string | null | undefined)[],
  event: NotificationEvent,
  client?: DbClient,
) {
  const wanted = [...new Set(accountIds.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return [];
  const readers = await selectActiveReaders(wanted);
  await insertNotifications(
    readers.map((reader) => ({
      accountId: reader.id,
      kind: event.kind,
      text: textFor(event, langOf(reader.lang)),
      link: event.link,
      dedupeKey: event.dedupeKey && `${event.dedupeKey}:${reader.id}`,
    })),
    client,
  );
  return readers;
}

/** The session's notifications, newest first, and how many are unread. */
export async function listNotifications(
  query: TNotificationListQuery,
  session: StaffSession,
): Promise<NotificationPageDto> {
  const accountId = session.account.id;
  const [rows, unread] = await Promise.all([
    selectNotifications(accountId, query.unread === "1", NOTIFICATIONS_PAGE_SIZE),
    countUnread(accountId),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: (NOTIFICATION_KINDS as readonly string[]).includes(row.kind)
        ? (row.kind as NotificationKind)
        : "new_lead",
      text: row.text,
      link: row.link,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
    })),
    unread,
  };
}

/** How many of the session's notifications are unread (the shell's count). */
export function unreadCount(session: StaffSession): Promise<number> {
  return countUnread(session.account.id);
}

/** Marks the session's own notifications read; answers how many changed and how many stay unread. */
export async function markNotificationsRead(
  input: TMarkNotificationsRead,
  session: StaffSession,
): Promise<{ updated: number; unread: number }> {
  const accountId = session.account.id;
  const updated = await updateRead(accountId, input.ids === "all" ? null : input.ids);
  return { updated, unread: await countUnread(accountId) };
}

/**
 * Leads given to an account by someone else: a notification per lead and one e-mail listing them
 * (through the outbox, in the new owner's language). Giving a lead to oneself tells nobody.
 */
export async function notifyLeadsAssigned(
  ownerId: string,
  leads: { id: string; label: string }[],
  session: StaffSession,
): Promise<void> {
  if (ownerId === session.account.id || leads.length === 0) return;
  const stamp = Date.now();
  let reader: { id: string; lang: string; email: string } | undefined;
  for (const lead of leads) {
    [reader] = await notifyAccounts([ownerId], {
      kind: "lead_assigned",
      values: { actor: session.actorName, lead: lead.label },
      link: leadPageOf(lead.id),
      dedupeKey: `assigned:${lead.id}:${stamp}`,
    });
    if (!reader) return;
  }
  if (!reader) return;
  const lang = langOf(reader.lang);
  const t = createTranslator({
    locale: lang,
    messages: { WorkspaceMail: (lang === "es" ? es : en).WorkspaceMail },
    namespace: "WorkspaceMail",
  });
  const subject = t("assignedSubject", { count: leads.length, actor: session.actorName });
  const { html, text } = renderMail({
    lang,
    title: subject,
    paragraphs: [t("assignedIntro", { count: leads.length, actor: session.actorName })],
    sections: [
      {
        heading: t("assignedHeading"),
        items: leads.map((lead) => ({
          text: lead.label,
          href: `${site.siteUrl}${leadPageOf(lead.id)}`,
        })),
      },
    ],
    footer: site.name,
  });
  await enqueueMail({
    kind: "lead_assigned",
    to: reader.email,
    subject,
    html,
    text,
    leadId: leads.length === 1 ? leads[0]!.id : null,
  });
}

/**
 * Erasing a lead (lib/crm/lead-erasure.repo.ts): the notifications about it go too, since their text
 * names the person; a proposal without a lead is opened by its own page.
 */
export async function forgetNotificationsAbout(
  leadId: string,
  proposalIds: string[],
  client: DbClient = db,
): Promise<void> {
  await deleteNotificationsLinkingTo(
    [leadPageOf(leadId), ...proposalIds.map((id) => `/proposal/db/${id}`)],
    client,
  );
}
