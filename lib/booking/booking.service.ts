import "server-only";
import { getTranslations } from "next-intl/server";
import { site } from "@/lib/site";
import type { TBookingIcsQuery } from "./booking.schema";
import { buildBookingIcs } from "./ics";

/** The calendar file for a confirmed booking, described in the visitor's language. */
export async function createBookingCalendar(
  query: TBookingIcsQuery,
  now: Date,
): Promise<{ filename: string; body: string }> {
  const t = await getTranslations({ locale: query.lang, namespace: "Booking" });
  const body = buildBookingIcs({
    ...query,
    description: t("icsDescription", { id: query.id }),
    domain: new URL(site.siteUrl).hostname,
    productName: site.name,
    now,
  });
  return { filename: `${query.id}.ics`, body };
}
