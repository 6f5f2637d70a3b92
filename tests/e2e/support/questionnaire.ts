import { expect, type Page } from "@playwright/test";
import { QUESTIONNAIRE_STEPS } from "@/components/leads/questionnaire-steps";

/**
 * One answer by keyboard alone, as a person would: wait until the question holds the focus, type a text
 * answer or pick a choice (Space on the first area checkbox, ArrowDown for a radio group's second option),
 * then Enter moves on. With `keyByKey: false` a text answer goes in as one insertion, as an input method
 * or a paste puts it in: each key costs the page a render (a fifth of a second each on a busy two-core
 * machine, seconds per answer), so only the specs about typing itself pay for it.
 */
export async function answerStep(
  page: Page,
  step: number,
  email: string,
  { keyByKey = true }: { keyByKey?: boolean } = {},
) {
  const field = QUESTIONNAIRE_STEPS[step]!.field;
  await page.waitForFunction(
    (name) => (document.activeElement as HTMLInputElement | null)?.name === name,
    field,
  );
  const typed: Record<number, string> = {
    0: "clinica-norte.example",
    1: "Lucía Fernández",
    2: email,
    3: "+34 (600) 000-123",
    4: "Clínica Norte",
    7: "Bilbao, España",
    13: "Perdemos llamadas de pacientes.",
    17: "Queremos una recepcionista de IA.",
  };
  if (typed[step] && keyByKey) await page.keyboard.type(typed[step]);
  else if (typed[step]) await page.keyboard.insertText(typed[step]);
  else if (step === 12) await page.keyboard.press("Space");
  else await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

/**
 * The server files a questionnaire sent within 3 s of its start as a bot's, answering 201 all the same
 * (lib/leads/lead-capture.service.ts), so a robot that types faster than a person would lose its lead
 * without a sign. A person takes longer than this; so does the helper.
 */
const AS_LONG_AS_A_PERSON_MS = 4_000;

/**
 * Starts the questionnaire on the open /optin page and sends it whole with this e-mail. With
 * `pageClock` (the caller installed `page.clock` before the page loaded), the time a person would still
 * take is run on the page's clock, which is the clock the questionnaire measures it with, instead of
 * being waited out. With `keyByKey: false` each text answer is inserted whole (see answerStep; typing
 * key by key is tested in tests/e2e/leads/optin.spec.ts).
 */
export async function completeQuestionnaire(
  page: Page,
  email: string,
  options: { pageClock?: boolean; keyByKey?: boolean } = {},
) {
  const { keyByKey = true } = options;
  await page.getByRole("button", { name: /^(Get Started|Empezar)$/ }).click();
  const started = Date.now();
  const last = QUESTIONNAIRE_STEPS.length - 1;
  for (let step = 0; step < last; step++) await answerStep(page, step, email, { keyByKey });
  const tooSoon = AS_LONG_AS_A_PERSON_MS - (Date.now() - started);
  if (tooSoon > 0 && options.pageClock) await page.clock.fastForward(tooSoon);
  else if (tooSoon > 0) await page.waitForTimeout(tooSoon);
  await answerStep(page, last, email, { keyByKey });
  await expect(page.getByText(/Thanks — we'll be in touch shortly\.|Gracias/).first()).toBeVisible({
    timeout: 20_000,
  });
}
