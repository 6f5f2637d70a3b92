/**
 * The public site's first-party tracker (docs/product.md#tracker). Plain DOM code with no imports
 * beyond constants, loaded on idle by components/analytics/analytics-tracker.tsx; a unit test keeps
 * it under 2.5 KB gzipped. Never throws into the page: failures are logged, nothing else.
 */
import { INGEST_PATH, QUESTIONNAIRE_STEP_EVENT, QUESTIONNAIRE_STEP_QUEUE } from "../events";
import { CAMPAIGN_KEY, campaignOf, isTrackingAllowed, VISITOR_ID_KEY } from "./visit";

export interface TrackerOptions {
  /** The receptionist agent's name: a phone link or button mentioning it (or 'Prueba') is a camila_click. */
  receptionistName: string;
  endpoint?: string;
}

type Metadata = Record<string, string | number | boolean | string[]>;
type ProductAnalytics = {
  capture?: (name: string, props: Metadata) => void;
  track?: (name: string, props: Metadata) => void;
};

const CTA_TEXTS = ["Conversemos", "Let's Talk", "Ver Nuestras Soluciones", "See Our Solutions"];
const BATCH_DELAY_MS = 1000;
const MAX_BATCH = 25;
/** Also reported to a product-analytics tool when the page has one. */
const PRODUCT_EVENTS = ["phone_click", "form_submit", "email_click"];

let isStarted = false;

export function startTracker({ receptionistName, endpoint = INGEST_PATH }: TrackerOptions): void {
  // Do Not Track or Global Privacy Control: send nothing, store nothing.
  if (isStarted || !isTrackingAllowed()) return;
  isStarted = true;

  const random = () => Math.random().toString(36).slice(2, 11);
  const storedId = (storage: () => Storage, key: string, prefix: string) => {
    const fresh = prefix + random() + Date.now().toString(36);
    try {
      const value = storage().getItem(key);
      if (value) return value;
      storage().setItem(key, fresh);
    } catch {
      // Storage blocked (private mode, policy): an id for this page only.
    }
    return fresh;
  };
  const userId = storedId(() => localStorage, VISITOR_ID_KEY, "user_");
  const sessionId = storedId(() => sessionStorage, "av_session_id", "session_");

  const queue: object[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let referrer = document.referrer;
  let currentPath = "";
  let deepestStep = 0;

  const logError = (error: unknown) => console.warn("Analytics tracking error", error);

  const flush = (isLeaving?: boolean) => {
    clearTimeout(timer);
    while (queue.length) {
      const body = JSON.stringify({ events: queue.splice(0, MAX_BATCH) });
      try {
        // A string beacon goes out as text/plain, which the endpoint accepts; it survives the page closing.
        if (isLeaving && navigator.sendBeacon?.(endpoint, body)) continue;
        fetch(endpoint, {
          method: "POST",
          body,
          keepalive: true,
          headers: { "content-type": "text/plain" },
        })
          .then((response) => response.ok || logError(response.status))
          .catch(logError);
      } catch (error) {
        logError(error);
      }
    }
  };

  const send = (type: string, metadata: Metadata) => {
    queue.push({
      event_id: crypto.randomUUID?.() ?? random() + random() + random(),
      event_type: type,
      user_id: userId,
      session_id: sessionId,
      page_url: location.href,
      user_agent: navigator.userAgent,
      referrer,
      timestamp: new Date().toISOString(),
      metadata,
    });
    if (PRODUCT_EVENTS.includes(type)) {
      try {
        const w = window as {
          posthog?: ProductAnalytics;
          mixpanel?: ProductAnalytics;
          analytics?: ProductAnalytics;
          gtag?: (...args: unknown[]) => void;
        };
        w.posthog?.capture?.(type, metadata);
        w.mixpanel?.track?.(type, metadata);
        w.analytics?.track?.(type, metadata);
        w.gtag?.("event", type, metadata);
      } catch (error) {
        logError(error);
      }
    }
    if (queue.length >= MAX_BATCH) flush();
    else {
      clearTimeout(timer);
      timer = setTimeout(flush, BATCH_DELAY_MS);
    }
  };

  const pageView = () => {
    if (location.pathname + location.search === currentPath) return;
    // After the first page, the previous page is the referrer: a move within the site, not a new visit.
    if (currentPath) referrer = location.origin + currentPath;
    currentPath = location.pathname + location.search;
    deepestStep = 0;
    // The session's latest campaign tags, for a lead form to send with its answers.
    const utm = campaignOf(location.search);
    try {
      if (Object.keys(utm).length) sessionStorage.setItem(CAMPAIGN_KEY, JSON.stringify(utm));
    } catch {
      // Storage blocked: the lead's attribution comes from the stored events alone.
    }
    send("page_view", { page_title: document.title, path: location.pathname });
  };

  // Client-side navigation (next/link, Back/Forward) changes the URL without a load, and the new page's
  // title arrives a moment later: wait for it to change (at most a second) so the view carries the right one.
  const onUrlChange = () => {
    const before = document.title;
    let waitedMs = 0;
    const check = () =>
      (document.title && document.title !== before) || (waitedMs += 100) >= 1000
        ? pageView()
        : setTimeout(check, 100);
    setTimeout(check, 100);
  };
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
      original.apply(this, args);
      onUrlChange();
    };
  }
  addEventListener("popstate", onUrlChange);

  const sectionOf = (element: Element) => element.closest("section")?.id || "unknown";

  addEventListener(
    "click",
    (event) => {
      const element = (event.target as Element | null)?.closest?.("a,button");
      if (!element) return;
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
      const href = element.getAttribute("href") ?? "";
      const where = sectionOf(element);
      const isPhone = href.startsWith("tel:");
      if (
        (isPhone || element.tagName === "BUTTON") &&
        (text.includes(receptionistName) || text.includes("Prueba"))
      )
        send("camila_click", { button_text: text, location: where });
      if (isPhone)
        send("phone_click", { phone_number: href.slice(4), location: where, text_content: text });
      if (href.startsWith("mailto:"))
        send("email_click", {
          email: href.slice(7).split("?")[0]!,
          location: where,
          text_content: text,
        });
      const cta = CTA_TEXTS.find((label) => text.startsWith(label));
      if (cta) send("cta_click", { cta_text: cta, location: where });
    },
    true,
  );

  addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      // A multi-step form marks the submits that only move to the next step.
      if (form.dataset.trackSubmit === "false") return;
      // Field names only: what a visitor typed never leaves the page.
      const fields = [...new Set([...new FormData(form).keys()])].slice(0, 30);
      send("form_submit", {
        form_type: form.id || form.classList[0] || "contact_form",
        page: location.pathname,
        form_fields: fields,
      });
    },
    true,
  );

  let isScrollQueued = false;
  addEventListener(
    "scroll",
    () => {
      if (isScrollQueued) return;
      isScrollQueued = true;
      requestAnimationFrame(() => {
        isScrollQueued = false;
        const root = document.documentElement;
        const percent = ((scrollY + innerHeight) / root.scrollHeight) * 100;
        // Each 25% step once per page, however fast the visitor scrolls past it.
        while (deepestStep < 100 && percent >= deepestStep + 25 - 0.5) {
          deepestStep += 25;
          send("scroll_depth", { scroll_percent: deepestStep, page: location.pathname });
        }
      });
    },
    { passive: true },
  );

  // Questionnaire steps: each step number once per visit (session), whatever the order or repeats;
  // the questionnaire names the step, never its answer. Steps reached before start wait in a queue.
  const stepsKey = "av_steps";
  const onStep = (detail: { step?: unknown; step_name?: unknown } | null | undefined) => {
    if (typeof detail?.step !== "number" || typeof detail.step_name !== "string") return;
    let seen: number[] = [];
    try {
      seen = JSON.parse(sessionStorage.getItem(stepsKey) ?? "[]") as number[];
    } catch {
      // Storage blocked: at worst a repeat is sent, and the dashboard counts visits, not events.
    }
    if (seen.includes(detail.step)) return;
    try {
      sessionStorage.setItem(stepsKey, JSON.stringify([...seen, detail.step]));
    } catch {
      // As above.
    }
    send("questionnaire_step", { step: detail.step, step_name: detail.step_name });
  };
  const queued = (window as unknown as Record<string, unknown[] | undefined>)[
    QUESTIONNAIRE_STEP_QUEUE
  ];
  queued?.splice(0).forEach((detail) => onStep(detail as Parameters<typeof onStep>[0]));
  addEventListener(QUESTIONNAIRE_STEP_EVENT, (event) => onStep((event as CustomEvent).detail));

  addEventListener("pagehide", () => flush(true));
  // Back/Forward to a page kept in the back-forward cache resumes it without a load: still a view.
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    currentPath = "";
    pageView();
  });
  document.addEventListener(
    "visibilitychange",
    () => document.visibilityState === "hidden" && flush(true),
  );

  pageView();
}
