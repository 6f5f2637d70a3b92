import { SANTO_DOMINGO_MOTORS } from "@/lib/proposals/sample-proposals";

/**
 * A shared client link on the app under measurement, made the way staff make one: sign in as the
 * bench owner, store the premium sample (Spanish, with its English translation) and share it. Returns
 * the link's path.
 */
export async function createClientLink(
  baseUrl: string,
  owner: { email: string; password: string },
): Promise<string> {
  const origin = new URL(baseUrl).origin;
  const auth = await fetch(`${baseUrl}/api/crm/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(owner),
  });
  if (auth.status !== 200) throw new Error(`bench sign-in answered ${auth.status}`);
  const cookie = auth.headers.get("set-cookie")!.split(";")[0]!;
  const headers = { "content-type": "application/json", origin, cookie };
  const created = await fetch(`${baseUrl}/api/crm/proposals`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      data: SANTO_DOMINGO_MOTORS.es,
      translations: { en: SANTO_DOMINGO_MOTORS.en },
    }),
  });
  if (created.status !== 201) throw new Error(`storing the proposal answered ${created.status}`);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const shared = await fetch(`${baseUrl}/api/crm/proposals/${id}/share`, {
    method: "POST",
    headers,
  });
  if (shared.status !== 200) throw new Error(`sharing the proposal answered ${shared.status}`);
  return `/proposals/ai-generated/${token}`;
}
