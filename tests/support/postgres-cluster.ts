/**
 * A throwaway PostgreSQL cluster of the test's own (initdb + pg_ctl), for tests
 * that must stop and start the server, or want an empty server to themselves:
 *
 *   const cluster = await startPostgresCluster();   // null: no PostgreSQL binaries here
 *   await cluster.stop(); await cluster.start();
 *   await cluster.destroy();
 *
 * Run as root (CI), the server runs as the postgres user, as .ci/run does.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./app-process";

const run = promisify(execFile);

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: the server goes away, connections drop. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The directory holding initdb and pg_ctl, or null. */
export function findPostgresBin(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, "bin");
    if (existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  return null;
}

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

async function postgresUid(): Promise<{ uid: number; gid: number } | null> {
  try {
    const { stdout: uid } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return null;
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster | null> {
  const bin = findPostgresBin();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot ? await postgresUid() : null;
  if (isRoot && !owner) return null; // initdb refuses to run as root, and there is no postgres user
  const dir = await mkdtemp(path.join(tmpdir(), "orliverse-test-pg-"));
  if (owner) await chown(dir, owner.uid, owner.gid);
  const port = await freePort();
  const dataDir = path.join(dir, "data");
  const asOwner = (command: string) =>
    isRoot ? run("su", ["postgres", "-s", "/bin/bash", "-c", command]) : run("bash", ["-c", command]);

  await asOwner(`${quote(path.join(bin, "initdb"))} -D ${quote(dataDir)} -A trust -U postgres >/dev/null`);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;
  const start = async () => {
    await asOwner(
      `${quote(path.join(bin, "pg_ctl"))} -D ${quote(dataDir)} -l ${quote(path.join(dir, "server.log"))} -o ${quote(options)} -w start >/dev/null`,
    );
  };
  const stop = async () => {
    await asOwner(`${quote(path.join(bin, "pg_ctl"))} -D ${quote(dataDir)} -m fast -w stop >/dev/null`);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await asOwner(
        `${quote(path.join(bin, "pg_ctl"))} -D ${quote(dataDir)} -m immediate stop >/dev/null 2>&1 || true`,
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}
