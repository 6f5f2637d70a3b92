"use client";

import dynamic from "next/dynamic";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Logo } from "@/components/site/logo";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import type { Locale } from "@/lib/i18n/routing";
import { OPTIN_STATS, type OptinLandingText } from "./optin-text";
import type { OptinMessages, ThankYouNextSteps } from "./questionnaire";
import { PROGRESS_KEY } from "./questionnaire-progress";

// The form and its validation load on demand, the globe after first paint: neither blocks the page.
const Questionnaire = dynamic(() => import("./questionnaire").then((m) => m.Questionnaire), {
  ssr: false,
});
const ImpactGlobe = dynamic(() => import("./impact-globe").then((m) => m.ImpactGlobe), {
  ssr: false,
});

const noSubscription = () => () => {};

interface OptinLandingProps {
  brand: string;
  text: Record<Locale, OptinLandingText>;
  /** The questionnaire's catalogue, formatted in its own chunk when the visitor starts. */
  messages: Record<Locale, OptinMessages>;
  /** What the thank-you offers next, in each language. */
  nextSteps: Record<Locale, ThankYouNextSteps>;
  /** The language the page opens in: English at /optin, Spanish at /optin/es. */
  initialLang?: Locale;
}

/**
 * `/optin` (English) and `/optin/es`: the landing switches language in place, without leaving the
 * page (docs/product.md#optin-questionnaire).
 */
export function OptinLanding({
  brand,
  text,
  messages,
  nextSteps,
  initialLang = "en",
}: OptinLandingProps) {
  const [lang, setLang] = useState<Locale>(initialLang);
  const [isStarted, setIsStarted] = useState(false);
  // A visitor coming back mid-questionnaire (same tab) goes straight back to it.
  const hasProgress = useSyncExternalStore(
    noSubscription,
    () =>
      sessionStorage.getItem(PROGRESS_KEY) !== null ||
      localStorage.getItem("av_lead_outbox") !== null,
    () => false,
  );
  const formSection = useRef<HTMLElement>(null);
  const t = text[lang];
  const isFormShown = isStarted || hasProgress;

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t.title;
  }, [lang, t]);

  function start() {
    setIsStarted(true);
    requestAnimationFrame(() =>
      formSection.current?.scrollIntoView({
        behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        block: "start",
      }),
    );
  }

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <IntentLink href={lang === "en" ? "/en" : "/"} aria-label={t.homeLink}>
            <Logo name={brand} />
          </IntentLink>
          <div className="flex items-center gap-4">
            <div
              role="group"
              aria-label={t.languageLabel}
              className="flex rounded-full border border-border p-0.5 text-xs font-semibold"
            >
              {(["en", "es"] as const).map((code) => (
                <button
                  key={code}
                  type="button"
                  lang={code}
                  aria-pressed={lang === code}
                  onClick={() => setLang(code)}
                  className="rounded-full px-2.5 py-1.5 text-muted aria-pressed:bg-foreground aria-pressed:text-background"
                >
                  {code.toUpperCase()}
                </button>
              ))}
            </div>
            <ThemeToggle
              label={t.theme.label}
              lightLabel={t.theme.light}
              darkLabel={t.theme.dark}
            />
          </div>
        </div>
      </header>

      <main id="main">
        <section className="mx-auto max-w-6xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24">
          <h1 className="max-w-3xl font-display text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            {t.hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted">{t.hero.lead}</p>
          {!isFormShown && (
            <button
              type="button"
              onClick={start}
              className="mt-8 rounded-full bg-accent px-7 py-3 font-semibold text-on-accent transition hover:brightness-110"
            >
              {t.hero.cta}
            </button>
          )}
        </section>

        {isFormShown && (
          <section
            ref={formSection}
            aria-label={t.formTitle}
            className="mx-auto max-w-2xl scroll-mt-24 px-4 pb-16 sm:px-6"
          >
            <Questionnaire lang={lang} messages={messages[lang]} nextSteps={nextSteps[lang]} />
          </section>
        )}

        <section aria-labelledby="impact-title" className="border-t border-border bg-surface">
          <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
            <div>
              <h2 id="impact-title" className="font-display text-3xl font-semibold tracking-tight">
                {t.impact.title}
              </h2>
              <dl className="mt-8 grid gap-4 sm:grid-cols-2">
                {OPTIN_STATS.map((stat) => (
                  <div
                    key={stat}
                    className="flex flex-col rounded-2xl border border-border bg-background p-5"
                  >
                    <dt className="text-sm text-muted">{t.impact.stats[stat].label}</dt>
                    <dd className="order-first font-display text-3xl font-semibold text-accent-text">
                      {t.impact.stats[stat].value}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-4 text-xs text-muted">{t.impact.note}</p>
            </div>
            <ImpactGlobe
              label={t.globe.label}
              pauseLabel={t.globe.pause}
              playLabel={t.globe.play}
            />
          </div>
        </section>
      </main>

      <footer className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted sm:px-6">{t.rights}</p>
      </footer>
    </>
  );
}
