// CPU time by role while a benchmark phase runs, read from /proc (Linux; elsewhere the figures are omitted).
// On a machine whose cores the server shares with PostgreSQL, anvil and the load generator, requests per
// second swing with the neighbours; CPU time per request is the steadier figure to compare changes by.
import { readdirSync, readFileSync } from 'node:fs';

export type CpuRoles = {
  server: number;
  postgres: number;
  anvil: number;
  loadGenerator: number;
  /** The part of `server` spent in the kernel (socket reads and writes, mostly). */
  serverSystem: number;
};

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux platform Node supports

type Sample = Map<number, { name: string; group: number; cpu: number; system: number }>;

function sample(): Sample | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const processes: Sample = new Map();
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(Number(pid), {
      name,
      group: Number(fields[2]),
      cpu: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond, // utime + stime
      system: Number(fields[12]) / ticksPerSecond,
    });
  }
  return processes;
}

/**
 * Starts counting; `stop()` gives the cores each role used on average since (server = the process groups the
 * `npm start`s run in). PostgreSQL is every postgres process, or, when `postgresPids` are given (at the start
 * and/or at `stop`), only those: the backends serving the bench's database, not other people's. Each process
 * counts the CPU it used between the two readings (all of it if it started meanwhile); one that ended meanwhile
 * is missed.
 */
export function measureCpu(
  serverGroups: readonly number[],
  postgresPids?: readonly number[],
): { stop(morePostgresPids?: readonly number[]): CpuRoles | undefined } {
  const before = sample();
  const started = performance.now();
  return {
    stop(morePostgresPids) {
      const after = sample();
      if (!before || !after) return undefined;
      const elapsed = (performance.now() - started) / 1000;
      const ours = postgresPids || morePostgresPids ? new Set([...(postgresPids ?? []), ...(morePostgresPids ?? [])]) : undefined;
      const seconds: CpuRoles = { server: 0, postgres: 0, anvil: 0, loadGenerator: 0, serverSystem: 0 };
      for (const [pid, now] of after) {
        const used = now.cpu - (before.get(pid)?.cpu ?? 0);
        if (now.name === 'postgres') {
          if (!ours || ours.has(pid)) seconds.postgres += used;
        } else if (now.name === 'anvil') seconds.anvil += used;
        else if (pid === process.pid) seconds.loadGenerator += used;
        else if (serverGroups.includes(now.group)) {
          seconds.server += used;
          seconds.serverSystem += now.system - (before.get(pid)?.system ?? 0);
        }
      }
      const cores = (role: keyof CpuRoles) => Math.round((seconds[role] / elapsed) * 100) / 100;
      return {
        server: cores('server'),
        postgres: cores('postgres'),
        anvil: cores('anvil'),
        loadGenerator: cores('loadGenerator'),
        serverSystem: cores('serverSystem'),
      };
    },
  };
}
