// One language per screen (issue 41): the Spanish dashboard, fed by a lead whose stored questionnaire values
// are English ("Healthcare", "3–6 months", "Yes") and by questionnaire visits the tracker reports with each
// step's field key (employees_range, has_data_team…), names every question, stage, channel and lost reason in
// Spanish: no English value, no English label, no raw key. Screenshots at 1366 and 360 px.
import { expect, test } from "@playwright/test";
import { QUESTIONNAIRE_STEPS } from "@/components/leads/questionnaire-steps";
import type enMessages from "@/messages/en.json";
import { catalogue, expectOneLanguage } from "../support/language";
import { startSignedInAsOwner } from "../support/staff";

type Messages = typeof enMessages;
const en = catalogue("en") as unknown as Messages;
const es = catalogue("es") as unknown as Messages;

startSignedInAsOwner("es");

/** The lead's answers, stored as the business keeps them: in English. */
const ENGLISH_ANSWERS = {
  industry: "Healthcare",
  employees_range: "51–200",
  role: "Innovation Lead",
  uses_ai: "No",
  data_storage: "Hybrid",
  has_data_team: "Yes",
  areas: ["process automation", "predictive analytics"],
  timeline: "3–6 months",
  budget: "$25k–$100k",
  preferred_contact: "Video Call",
};
/** English the Spanish dashboard must not show: the stored values and the questions' English labels. */
const ENGLISH = [
  "Healthcare",
  "Innovation Lead",
  "Hybrid",
  "Yes",
  "process automation",
  "predictive analytics",
  "3–6 months",
  "$25k–$100k",
  "Video Call",
  ...Object.values(en.AnswerFields),
];

test("the Spanish dashboard names every questionnaire step, stage and lost reason in Spanish for a lead stored in English, never a raw key", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const headers = { origin };
  const stamp = Date.now().toString(36);

  // A questionnaire lead with English values, sent as the site's questionnaire sends it…
  const submitted = await page.request.post("/api/leads", {
    data: {
      lang: "en",
      website: "north-clinic.example",
      name: `Laura Dashboard ${stamp}`,
      email: `laura.${stamp}@example.com`,
      phone: "+1 555 0100",
      company: `North Clinic ${stamp}`,
      headquarters: "Boston",
      challenge: "We miss calls.",
      message: "An AI receptionist, please.",
      ...ENGLISH_ANSWERS,
    },
  });
  expect(submitted.status()).toBe(201);
  // …a deal lost for a built-in reason (stored as its key, "no_budget")…
  const lost = await page.request.post("/api/crm/leads", {
    data: { name: `Perdido ${stamp}` },
    headers,
  });
  expect(lost.status()).toBe(201);
  const lostId = ((await lost.json()) as { id: string }).id;
  const moved = await page.request.post(`/api/crm/leads/${lostId}/move?stage=Lost`, {
    data: { reason: "no_budget" },
    headers,
  });
  expect(moved.status()).toBe(200);
  // …and a questionnaire visit through every step, each reported with its field key as the tracker does.
  const events = QUESTIONNAIRE_STEPS.map((step, index) => ({
    event_id: `evt_labels_${stamp}_${index}`,
    event_type: "questionnaire_step",
    user_id: `user_labels${stamp}`,
    session_id: `session_labels${stamp}`,
    page_url: `${baseURL}/optin`,
    referrer: "",
    timestamp: new Date(Date.now() - (QUESTIONNAIRE_STEPS.length - index) * 5_000).toISOString(),
    metadata: { step: index + 1, step_name: step.field },
  }));
  const ingested = await page.request.post("/api/analytics/event", {
    data: JSON.stringify({ events }),
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin,
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    },
  });
  expect(ingested.status()).toBe(202);

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/analytics?range=today");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const dropOff = page.getByTestId("questionnaire-dropoff");
    await expect(dropOff.locator("tbody tr")).toHaveCount(QUESTIONNAIRE_STEPS.length);

    // Each step by its Spanish question, never its key nor the English label.
    for (const [index, step] of QUESTIONNAIRE_STEPS.entries()) {
      const spanish = es.AnswerFields[step.field as keyof typeof es.AnswerFields];
      expect(spanish, `a Spanish label for ${step.field}`).toBeTruthy();
      expect(spanish, `${step.field} translated`).not.toBe(
        en.AnswerFields[step.field as keyof typeof en.AnswerFields],
      );
      await expect(dropOff.locator(`tbody tr[data-step="${index + 1}"] th`)).toHaveText(
        `${es.Analytics.funnel.questionStep.replace("{step}", String(index + 1))} · ${spanish}`,
      );
    }
    await expect(page.locator('section[aria-labelledby="lost-reasons-title"]')).toContainText(
      es.Crm.LostReasons.reasons.no_budget,
    );

    const text = await page.locator("main").innerText();
    const rawKeys = [
      ...Object.keys(es.AnswerFields),
      ...Object.keys(es.Analytics.funnel.steps),
      ...Object.keys(es.Crm.LostReasons.reasons),
      // Keys that are also words a Spanish screen may use ("lead", "email") are left to the checks above.
    ].filter(
      (key) => !["name", "email", "phone", "role", "message", "other", "lead"].includes(key),
    );
    for (const key of rawKeys)
      expect(text, `the raw key ${key}`).not.toMatch(
        new RegExp(`(^|[^\\p{L}_])${key}([^\\p{L}_]|$)`, "u"),
      );
    for (const english of ENGLISH)
      expect(text, `the English "${english}"`).not.toMatch(
        new RegExp(
          `(^|[^\\p{L}])${english.replace(/[$.*+?()[\]{}|\\^]/g, "\\$&")}([^\\p{L}]|$)`,
          "u",
        ),
      );
    await expectOneLanguage(page, "es", `/analytics at ${viewport.width} px`);
    await page.screenshot({
      path: testInfo.outputPath(`dashboard-es-${viewport.width}.png`),
      fullPage: true,
    });
  }
});
