import "server-only";
import { parseServerEnv, type ServerEnv } from "@/lib/env.schema";

let cached: ServerEnv | undefined;

/** The server's environment, parsed once per process. Server code only: it holds secrets. */
export function serverEnv(): ServerEnv {
  return (cached ??= parseServerEnv(process.env));
}
