import "server-only";
import { findByLink, findByReference } from "./meetings.service";
import { selectBookableType } from "./meetings.repo";

// What the public pages read: never an error page for a database that is down or a link that is
// unknown, only what can be shown (null: nothing to show).

export async function findBookableTypeView(slug: string, lang: "es" | "en") {
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) return null;
  const type = await selectBookableType(slug).catch(() => null);
  if (!type) return null;
  return {
    slug: type.slug,
    title: lang === "es" ? type.titleEs : type.titleEn,
    description: lang === "es" ? type.descriptionEs : type.descriptionEn,
    durationMinutes: type.durationMinutes,
  };
}

export const findMeetingByLink = (token: string) => findByLink(token).catch(() => null);

export function findBookingByReference(reference: string) {
  if (!/^AV-[A-Z0-9]{8}$/.test(reference)) return Promise.resolve(null);
  return findByReference(reference).catch(() => null);
}
