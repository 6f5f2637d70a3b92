// N production instances of the app on one PostgreSQL behind HAProxy: `npm run demo:cluster`, and the
// balancer test suite (tests/http/platform/cluster.spec.ts). Needs a production build (`npm run build`).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readBuildSiteUrl } from "./lib/site-origin";

export interface ClusterOptions {
  databaseUrl: string;
  /** Where HAProxy listens (the one public port). */
  port: number;
  /** One app instance per port, bound to 127.0.0.1 so only HAProxy can reach them. */
  appPorts: number[];
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Forward the instances' and HAProxy's output. */
  isVerbose?: boolean;
}

export interface Cluster {
  url: string;
  stop(): Promise<void>;
}

const HAPROXY_CANDIDATES = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"];

/** The HAProxy binary; installs the Debian package when running as root and it is missing. */
export function findHaproxy(log: (line: string) => void = console.log): string {
  const found = HAPROXY_CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() === 0) {
    log("HAProxy is not installed: installing the Debian package (apt-get install -y haproxy)…");
    const result = spawnSync("apt-get", ["install", "-y", "haproxy"], { stdio: "inherit" });
    const installed = HAPROXY_CANDIDATES.find((candidate) => existsSync(candidate));
    if (result.status === 0 && installed) return installed;
  }
  throw new Error(
    "HAProxy is not installed. Install it with `sudo apt-get install -y haproxy` (Debian/Ubuntu) and run again.",
  );
}

/** One proxy hop in front of the app: HAProxy appends the client's address to X-Forwarded-For. */
export function haproxyConfig(port: number, appPorts: number[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # Appends the TCP peer's address to X-Forwarded-For: the app trusts exactly this one hop.
  option forwardfor
  option http-server-close

frontend web
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
${appPorts.map((appPort, index) => `  server app${index + 1} 127.0.0.1:${appPort} check inter 2s`).join("\n")}
`;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });

/** Starts the instances and the balancer; resolves once the balancer answers /api/health. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(`[cluster] ${line}`));
  const haproxy = findHaproxy(log);
  const stdio = options.isVerbose ? "inherit" : "ignore";
  const runApp = path.join(import.meta.dirname, "run-app.ts");
  const instances = options.appPorts.map((appPort) =>
    spawn(
      process.execPath,
      ["--import", "tsx", runApp, "start", "-p", String(appPort), "-H", "127.0.0.1"],
      {
        stdio,
        env: {
          // The origin the build was made for, unless the caller names one (a differing one is refused).
          SITE_URL: process.env.SITE_URL || readBuildSiteUrl() || "",
          ...process.env,
          ...options.env,
          DATABASE_URL: options.databaseUrl,
          TRUSTED_PROXY_HOPS: "1",
          NODE_ENV: "production",
        },
      },
    ),
  );
  const configDir = mkdtempSync(path.join(tmpdir(), "avanza-haproxy-"));
  const configFile = path.join(configDir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(options.port, options.appPorts));
  let balancer: ChildProcess | undefined;
  const stop = async () => {
    await Promise.all([...(balancer ? [balancer] : []), ...instances].map(stopChild));
    rmSync(configDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      options.appPorts.map((appPort) => waitForHealth(`http://127.0.0.1:${appPort}`, 90_000)),
    );
    balancer = spawn(haproxy, ["-db", "-f", configFile], { stdio });
    const url = `http://127.0.0.1:${options.port}`;
    await waitForHealth(url, 30_000);
    log(`${instances.length} instances behind HAProxy at ${url}`);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
