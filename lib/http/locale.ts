import en from "@/messages/en.json";
import es from "@/messages/es.json";

export type ApiLocale = "es" | "en";
type ApiMessageKey = keyof typeof en.Api;

/**
 * The caller's language as far as we know it: the staff tools' choice, the site's locale cookie,
 * then Accept-Language; English for machines that say nothing.
 */
export function callerLocale(headers: Headers): ApiLocale {
  const cookies = headers.get("cookie") ?? "";
  const chosen = /(?:^|;\s*)(?:avanza_staff_lang|NEXT_LOCALE)=(es|en)\b/.exec(cookies)?.[1];
  if (chosen === "es" || chosen === "en") return chosen;
  const accept = (headers.get("accept-language") ?? "").trim().toLowerCase();
  return accept.startsWith("es") ? "es" : "en";
}

/** A front-door message in the caller's language, with `{name}` placeholders filled in. */
export function apiMessage(
  locale: ApiLocale,
  key: ApiMessageKey,
  values: Record<string, string | number> = {},
): string {
  const template = (locale === "es" ? es : en).Api[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}
