import { tmpdir } from "node:os";
import path from "node:path";

/** Where start-server.ts leaves the URL of the app's database, one file per port so parallel runs never mix. */
export function appDatabaseUrlFile(port: string | number | undefined): string {
  return path.join(tmpdir(), `avanza-e2e-database-${port ?? "3100"}.url`);
}
