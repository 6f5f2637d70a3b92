import "server-only";
import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { site } from "@/lib/site";
import type { TBookingIcsQuery } from "./booking.schema";
import { buildBookingIcs } from "./ics";

/** The calendar file for a confirmed booking, described in the visitor's language. */
export async function createBookingCalendar(
  query: TBookingIcsQuery,
  now: Date,
): Promise<{ filename: string; body: string }> {
  // The locale comes from the query, not the request, so the translator is built from the messages directly.
  const t = createTranslator({
    locale: query.lang,
    messages: query.lang === "es" ? es : en,
    namespace: "Booking",
  });
  const body = buildBookingIcs({
    ...query,
    description: t("icsDescription", { id: query.id }),
    domain: new URL(site.siteUrl).hostname,
    productName: site.name,
    now,
  });
  return { filename: `${query.id}.ics`, body };
}

/** For other features writing calendar text (lib/meetings): the same cleaning as our own invitations. */
export { stripControlCharacters } from "./ics";
