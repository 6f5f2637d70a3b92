import "server-only";
import { appError } from "@/lib/http/server-message";
import { pingDatabase } from "./health.repo";

export interface HealthReport {
  status: "ok";
  database: "ok";
}

/** Confirms the app can reach PostgreSQL; used by load balancers, the test server and the smoke test. */
export async function checkHealth(): Promise<HealthReport> {
  try {
    await pingDatabase();
  } catch (error) {
    console.error("[health] database unreachable", error);
    throw appError("unavailable", "databaseUnreachable");
  }
  return { status: "ok", database: "ok" };
}
