import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
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

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Where staff open one lead in the CRM. */
export const leadLinkOf = (leadId: string) => `${site.siteUrl}/crm?lead=${leadId}`;
/** Where staff open one stored proposal. */
export const proposalLinkOf = (proposalId: string) => `${site.siteUrl}/proposal/db/${proposalId}`;

function layout(
  paragraphs: string[],
  rows: [string, string][],
  link: { href: string; label: string },
) {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const table = rows.length
    ? `<table style="border-collapse:collapse;margin:0 0 16px">${rows
        .map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;color:#5f6873;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1d21;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">${body}${table}<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#f97316;color:#111315;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p><p style="margin:0;font-size:13px;color:#5f6873">${escapeHtml(link.href)}</p></body></html>`;
}

const text = (
  paragraphs: string[],
  rows: [string, string][],
  link: { href: string; label: string },
) =>
  [
    ...paragraphs,
    ...rows.map(([label, value]) => `${label}: ${value}`),
    `${link.label}: ${link.href}`,
  ].join("\n\n");

const asText = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(", ") : value == null ? "" : String(value);

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
  const rows: [string, string][] = [
    [t("fields.email"), input.lead.email ?? notGiven],
    ...(input.lead.phone ? ([[t("fields.phone"), input.lead.phone]] as [string, string][]) : []),
    ...Object.entries(answers)
      .filter(
        ([key, value]) => !["name", "email", "phone", "company"].includes(key) && asText(value),
      )
      .map(([key, value]): [string, string] => [
        t.has(`fields.${key}` as "fields.name") ? t(`fields.${key}` as "fields.name") : key,
        asText(value),
      ]),
  ];
  const paragraphs = [
    input.isNewLead ? t("leadIntro", { name, company }) : t("mergedIntro", { name, company }),
    t("summary", {
      budget: asText(answers.budget) || notGiven,
      timeline: asText(answers.timeline) || notGiven,
    }),
    t("answersHeading"),
  ];
  const link = { href: leadLinkOf(input.leadId), label: t("openLead") };
  return {
    to: input.to,
    subject: input.isNewLead
      ? t("leadSubject", { name, company })
      : t("mergedSubject", { name, company }),
    html: layout(paragraphs, rows, link),
    text: text(paragraphs, rows, link),
  };
}

export function buildProposalOpenedAlert(input: {
  to: string;
  lang: Lang;
  proposalId: string;
  client: string;
  title: string;
}): OutgoingMail {
  const t = translatorFor(input.lang);
  const values = { client: input.client, title: input.title };
  const paragraphs = [t("openedBody", values)];
  const link = { href: proposalLinkOf(input.proposalId), label: t("openProposal") };
  return {
    to: input.to,
    subject: t("openedSubject", values),
    html: layout(paragraphs, [], link),
    text: text(paragraphs, [], link),
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
  const crm = { href: `${site.siteUrl}/crm`, label: t("openCrm") };
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1d21;line-height:1.5;max-width:600px;margin:0 auto;padding:24px"><p style="margin:0 0 16px">${escapeHtml(t("digestIntro"))}</p>${sections
    .map(
      (section) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2><ul style="padding-left:20px;margin:0">${section.items
          .map(
            (item) =>
              `<li style="margin:0 0 8px"><a href="${escapeHtml(item.href)}" style="color:#1a1d21">${escapeHtml(item.text)}</a></li>`,
          )
          .join("")}</ul>`,
    )
    .join(
      "",
    )}<p style="margin:24px 0"><a href="${escapeHtml(crm.href)}" style="background:#f97316;color:#111315;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(crm.label)}</a></p></body></html>`;
  const text = [
    t("digestIntro"),
    ...sections.map(
      (section) =>
        `${section.heading}:\n${section.items.map((item) => `- ${item.text}\n  ${item.href}`).join("\n")}`,
    ),
    `${crm.label}: ${crm.href}`,
  ].join("\n\n");
  return {
    to: input.to,
    subject: t("digestSubject", {
      date: day,
      tasks: input.tasks.length,
      proposals: input.proposals.length,
    }),
    html,
    text,
  };
}
