import { routing } from "@/lib/i18n/routing";

/** Pages where the chat widget never appears, in any language (docs/product.md#chat-widget). */
const HIDDEN_PREFIXES = ["/careers"];
const HIDDEN_PATHS = [
  "/optin",
  "/proposal/santo-domingo-motors",
  "/analytics",
  "/crm",
  "/privacy-policy",
  "/terms-and-conditions",
  "/booking-confirmation",
];

/** Whether the chat widget belongs on a public path such as `/en/careers/video-editor` or `/blog`. */
export function showsChatWidget(pathname: string): boolean {
  const segments = (pathname.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  if ((routing.locales as readonly string[]).includes(segments[0] ?? "")) segments.shift();
  const path = `/${segments.join("/")}`;
  if (HIDDEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    return false;
  return !HIDDEN_PATHS.includes(path);
}
