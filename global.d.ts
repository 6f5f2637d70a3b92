import type { routing } from "@/lib/i18n/routing";
import type messages from "./messages/es.json";

// Types every t("…") key and locale against the Spanish messages (tests keep English in step).
declare module "next-intl" {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
