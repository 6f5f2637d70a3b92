import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** postgresql:// URL any `pg` client (and so Prisma's adapter-pg) can use. */
  url: string;
  port: number;
  /** Closes client sockets, then flushes and closes the database files. Safe to call twice. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder for the data files; omit for a throw-away in-memory database. */
  dataDir?: string;
  /** 0 picks a free port. */
  port?: number;
  /** PGlite is single-session; the socket server multiplexes this many client connections onto it. */
  maxConnections?: number;
}

/**
 * Starts PGlite (PostgreSQL compiled to WASM) behind a PostgreSQL wire-protocol socket on loopback,
 * so the app reaches it exactly as it reaches a real server: through `pg` and adapter-pg.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const { dataDir, port = 0, maxConnections = 8 } = options;
  if (dataDir) mkdirSync(path.resolve(dataDir), { recursive: true });

  // The extensions the migrations create must be bundled in here: PGlite cannot load them from disk.
  const db = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined, {
    extensions: { pg_trgm, btree_gist },
  });
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections });
  await server.start();
  const address = server.getServerConn();
  const boundPort = Number(address.slice(address.lastIndexOf(":") + 1));

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await server.stop();
      await db.close();
    })());

  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${boundPort}/postgres?sslmode=disable`,
    port: boundPort,
    stop,
  };
}
