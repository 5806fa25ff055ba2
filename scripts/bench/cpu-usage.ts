// CPU time by role while a benchmark phase runs, read from /proc (Linux; elsewhere the figures are omitted).
// On a machine whose cores the server shares with PostgreSQL, anvil and the load generator, requests per
// second swing with the neighbours; CPU time per request is the steadier figure to compare changes by.
import { readdirSync, readFileSync } from 'node:fs';

export type CpuRoles = { server: number; postgres: number; anvil: number; loadGenerator: number };

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux platform Node supports

function readRoles(serverGroups: readonly number[], postgresPids: readonly number[] | undefined): CpuRoles | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const seconds: CpuRoles = { server: 0, postgres: 0, anvil: 0, loadGenerator: 0 };
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond; // utime + stime
    const group = Number(fields[2]);
    if (name === 'postgres') {
      if (!postgresPids || postgresPids.includes(Number(pid))) seconds.postgres += cpu;
    } else if (name === 'anvil') seconds.anvil += cpu;
    else if (Number(pid) === process.pid) seconds.loadGenerator += cpu;
    else if (serverGroups.includes(group)) seconds.server += cpu;
  }
  return seconds;
}

/**
 * Starts counting; `stop()` gives the cores each role used on average since (server = the process groups the
 * `npm start`s run in; PostgreSQL = every postgres process, or only `postgresPids`, the backends serving the
 * bench's database, when given: on a shared machine other people's backends come and go).
 */
export function measureCpu(serverGroups: readonly number[], postgresPids?: readonly number[]): { stop(): CpuRoles | undefined } {
  const read = (groups: readonly number[]) => readRoles(groups, postgresPids);
  const before = read(serverGroups);
  const started = performance.now();
  return {
    stop() {
      const after = read(serverGroups);
      if (!before || !after) return undefined;
      const elapsed = (performance.now() - started) / 1000;
      const cores = (role: keyof CpuRoles) => Math.round(((after[role] - before[role]) / elapsed) * 100) / 100;
      return { server: cores('server'), postgres: cores('postgres'), anvil: cores('anvil'), loadGenerator: cores('loadGenerator') };
    },
  };
}
