import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { serverEnv } from "@/lib/env";

let configuredHash: Promise<string> | undefined;

/** The argon2id hash to check against: CRM_PASSWORD_HASH as given, or CRM_PASSWORD hashed once per process. */
function staffPasswordHash(): Promise<string> {
  return (configuredHash ??= (async () => {
    const env = serverEnv();
    if (env.CRM_PASSWORD_HASH) return env.CRM_PASSWORD_HASH;
    if (env.CRM_PASSWORD) return hash(env.CRM_PASSWORD);
    throw new Error("No staff password is configured (CRM_PASSWORD or CRM_PASSWORD_HASH).");
  })());
}

export async function isStaffPassword(candidate: string): Promise<boolean> {
  try {
    return await verify(await staffPasswordHash(), candidate);
  } catch {
    return false;
  }
}
