import "server-only";
import { createTranslator } from "next-intl";
import { appError } from "@/lib/http/server-message";
import { brandFooter, renderMail } from "@/lib/outbox/mail-layout";
import { enqueueMail } from "@/lib/outbox/outbox.service";
import type { StaffSession } from "@/lib/staff/session.service";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { staffActor } from "./crm.schema";
import { addActivity, assertMaySeeLead, getLead } from "./lead.service";
import type { TLeadEmail } from "./lead-workspace.schema";

type Lang = "es" | "en";
const langOf = (value: string): Lang => (value === "en" ? "en" : "es");

const translatorFor = (lang: Lang) =>
  createTranslator({
    locale: lang,
    messages: { WorkspaceMail: (lang === "es" ? es : en).WorkspaceMail },
    namespace: "WorkspaceMail",
  });

/** The form's first text for a lead: a greeting and a sign-off in the lead's language, by name. */
export function leadEmailDraft(lead: {
  name: string | null;
  company: string | null;
  lang: string;
}) {
  const t = translatorFor(langOf(lead.lang));
  const name = lead.name?.trim().split(/\s+/)[0];
  return {
    subject: t("draftSubject", { company: lead.company || "" }).trim(),
    body: `${name ? t("greetingNamed", { name }) : t("greeting")}\n\n\n\n${t("closing")}`,
  };
}

/**
 * A rep's message to the lead: laid out as every e-mail (in the lead's language, the rep's name
 * under it), answers to the rep's own address, delivered by the outbox, noted on the timeline with
 * the outbox message's id (the page shows its delivery state from the lead's `emails`).
 */
export async function sendLeadEmail(
  leadId: string,
  input: TLeadEmail,
  session: StaffSession,
): Promise<{ message_id: string }> {
  await assertMaySeeLead(session, leadId, "email_lead");
  const lead = await getLead(leadId);
  if (!lead.email) throw appError("conflict", "leadHasNoEmail");
  const lang = langOf(lead.lang);
  const { html, text } = renderMail({
    lang,
    title: input.subject,
    paragraphs: input.body
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean),
    after: [session.actorName],
    footer: brandFooter(),
  });
  const messageId = await enqueueMail({
    kind: "lead_email",
    to: lead.email,
    replyTo: session.account.email,
    subject: input.subject,
    html,
    text,
    leadId,
  });
  await addActivity(
    leadId,
    { type: "lead_email", content: input.subject },
    staffActor(session.account),
    { subject: input.subject, to: lead.email, message_id: messageId },
  );
  return { message_id: messageId };
}
