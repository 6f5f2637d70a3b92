import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { answerFieldLabel, answerRows, answerText } from "@/lib/i18n/answer-values";
import { renderMail } from "@/lib/outbox/mail-layout";
import type { OutgoingMail } from "@/lib/outbox/outbox.service";
import { site } from "@/lib/site";

// The team's alerts, written by the server in the recipient's language.

const CATALOGUES = { es: es.AlertMail, en: en.AlertMail } as const;
type Lang = keyof typeof CATALOGUES;

function translatorFor(lang: Lang) {
  return createTranslator({
    locale: lang,
    messages: { AlertMail: CATALOGUES[lang] },
    namespace: "AlertMail",
  });
}

/** Where staff open one lead in the CRM. */
export const leadLinkOf = (leadId: string) => `${site.siteUrl}/crm/leads/${leadId}`;
/** Where staff open one stored proposal. */
export const proposalLinkOf = (proposalId: string) => `${site.siteUrl}/proposal/db/${proposalId}`;

export function buildLeadAlert(input: {
  to: string;
  lang: Lang;
  leadId: string;
  isNewLead: boolean;
  lead: { name: string | null; email: string | null; phone: string | null; company: string | null };
  answers: Record<string, unknown> | null;
}): OutgoingMail {
  const t = translatorFor(input.lang);
  const notGiven = t("notGiven");
  const name = input.lead.name || input.lead.email || notGiven;
  const company = input.lead.company || notGiven;
  const answers = input.answers ?? {};
  // The questionnaire's answers in its own order and in the reader's language.
  const rows: [string, string][] = [
    [answerFieldLabel(input.lang, "email"), input.lead.email ?? notGiven],
    ...(input.lead.phone
      ? ([[answerFieldLabel(input.lang, "phone"), input.lead.phone]] as [string, string][])
      : []),
    ...answerRows(input.lang, answers, ["name", "email", "phone", "company"]).map(
      (row): [string, string] => [row.label, row.value],
    ),
  ];
  const paragraphs = [
    input.isNewLead ? t("leadIntro", { name, company }) : t("mergedIntro", { name, company }),
    t("summary", {
      budget: answerText(input.lang, "budget", answers.budget) || notGiven,
      timeline: answerText(input.lang, "timeline", answers.timeline) || notGiven,
    }),
    t("answersHeading"),
  ];
  const subject = input.isNewLead
    ? t("leadSubject", { name, company })
    : t("mergedSubject", { name, company });
  return {
    to: input.to,
    subject,
    ...renderMail({
      lang: input.lang,
      title: subject,
      paragraphs,
      rows,
      link: { href: leadLinkOf(input.leadId), label: t("openLead") },
    }),
  };
}

export function buildProposalOpenedAlert(input: {
  to: string;
  lang: Lang;
  proposalId: string;
  client: string;
  /** The proposal's title; none when it has none (it is then named by its client, once). */
  title?: string;
}): OutgoingMail {
  const t = translatorFor(input.lang);
  const { client, title } = input;
  const subject = title
    ? t("openedSubject", { client, title })
    : t("openedSubjectUntitled", { client });
  return {
    to: input.to,
    subject,
    ...renderMail({
      lang: input.lang,
      title: subject,
      paragraphs: [
        title ? t("openedBody", { client, title }) : t("openedBodyUntitled", { client }),
      ],
      link: { href: proposalLinkOf(input.proposalId), label: t("openProposal") },
    }),
  };
}

export interface DigestItem {
  text: string;
  href: string;
}

/** The owner's morning digest: overdue tasks and proposals expiring this week, each with its link. */
export function buildDailyDigest(input: {
  to: string;
  lang: Lang;
  /** The business day it is for, YYYY-MM-DD. */
  day: string;
  tasks: {
    title: string;
    leadId: string;
    lead: string | null;
    due: string;
    assignee: string | null;
  }[];
  proposals: { id: string; title: string; client: string; expiresAt: Date }[];
  timeZone: string;
}): OutgoingMail {
  const t = translatorFor(input.lang);
  const dateOf = (value: Date, timeZone: string) =>
    new Intl.DateTimeFormat(input.lang, { dateStyle: "long", timeZone }).format(value);
  const day = dateOf(new Date(`${input.day}T12:00:00Z`), "UTC");
  const sections: { heading: string; items: DigestItem[] }[] = [];
  if (input.tasks.length)
    sections.push({
      heading: t("digestTasksHeading"),
      items: input.tasks.map((task) => ({
        text: t("digestTask", {
          title: task.title,
          lead: task.lead ?? t("notGiven"),
          due: dateOf(new Date(`${task.due}T12:00:00Z`), "UTC"),
          assignee: task.assignee ?? t("digestUnassigned"),
        }),
        href: leadLinkOf(task.leadId),
      })),
    });
  if (input.proposals.length)
    sections.push({
      heading: t("digestProposalsHeading"),
      items: input.proposals.map((proposal) => ({
        text: t("digestProposal", {
          title: proposal.title,
          client: proposal.client,
          date: dateOf(proposal.expiresAt, input.timeZone),
        }),
        href: proposalLinkOf(proposal.id),
      })),
    });
  const subject = t("digestSubject", {
    date: day,
    tasks: input.tasks.length,
    proposals: input.proposals.length,
  });
  return {
    to: input.to,
    subject,
    ...renderMail({
      lang: input.lang,
      title: subject,
      paragraphs: [t("digestIntro")],
      sections,
      link: { href: `${site.siteUrl}/crm`, label: t("openCrm") },
    }),
  };
}
