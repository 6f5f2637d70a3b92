import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Builds a one-paragraph Next.js app with this repository's Next.js and React: the floor any page of
 * ours is compared with. Inside the repository, because Turbopack refuses to build outside its project
 * root and node_modules is found upwards. Returns the app's folder; `removeEmptyApp` deletes it.
 */
export function buildEmptyApp(): string {
  const dir = path.join(root, ".bench/empty-app");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app"), { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "empty-next", private: true }),
  );
  writeFileSync(path.join(dir, "next.config.mjs"), "export default {};\n");
  // Its own (empty) instrumentation hook: without one, Next.js picks up the repository's, which wants our
  // database and environment.
  writeFileSync(path.join(dir, "instrumentation.js"), "export function register() {}\n");
  writeFileSync(
    path.join(dir, "app/layout.jsx"),
    [
      "export const metadata = { title: 'Empty', description: 'An empty page of the same Next.js.' };",
      'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }',
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(dir, "app/page.jsx"),
    "export default function Page() { return <p>Empty</p>; }\n",
  );
  execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}

export function removeEmptyApp(dir: string) {
  rmSync(path.dirname(dir), { recursive: true, force: true });
}

/** `next start` for the empty app on `port`; resolves once it answers. */
export async function startEmptyApp(
  dir: string,
  port: number,
): Promise<{ baseUrl: string; stop: () => void }> {
  const child: ChildProcess = spawn(
    path.join(root, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    { cwd: dir, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the empty app exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the empty app did not answer within 60 s");
    }
    try {
      if ((await fetch(baseUrl)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, stop: () => child.kill("SIGTERM") };
}
