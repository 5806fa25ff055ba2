// Prints where a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_CPU_PROF=<dir> npm run bench:auth`) spent
// its time: the top functions by self time, and self time by package (node_modules/<package>, node internals,
// Keepsake's own code, GC, idle).
//   node --experimental-strip-types scripts/bench/profile-top.ts <file.cpuprofile | dir (the largest profile in it)> [top] [seconds]
// With `seconds`, only the samples of that many seconds before the profile's last 1 s count (the measured phase
// of a bench, without start-up, warm-up and shutdown).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const target = process.argv[2];
if (!target) throw new Error('usage: profile-top.ts <file.cpuprofile | directory> [top] [seconds]');
const top = Number(process.argv[3] ?? 25);
const windowSeconds = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
const file = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => join(target, name))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]
  : target;
if (!file) throw new Error(`no .cpuprofile in ${target}`);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
const times: number[] = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) times.push((clock += delta));
const windowEnd = profile.endTime - 1e6;
const windowStart = windowSeconds === undefined ? -Infinity : windowEnd - windowSeconds * 1e6;
for (const [i, id] of profile.samples.entries()) {
  if (windowSeconds !== undefined && (times[i]! < windowStart || times[i]! > windowEnd)) continue;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function packageOf(url: string, name: string): string {
  if (name === '(garbage collector)' || name === '(idle)' || name === '(program)') return name;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:') || url === '') return 'node internals';
  return url.includes('/apps/') || url.includes('/packages/') ? 'keepsake' : url;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, micros] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = functionName || '(anonymous)';
  const where = url ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
  const key = where ? `${name} ${where}` : name;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  const pkg = packageOf(url, name);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
}

const pct = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('self time by package:');
for (const [name, micros] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(micros)}  ${name}`);
console.log(`top ${top} functions by self time:`);
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(micros)}  ${name}`);
