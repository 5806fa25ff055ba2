// bench:soak's window into the server's memory, loaded into the server process with NODE_OPTIONS=--import (the
// product has no such endpoint). It does nothing unless BENCH_MEMORY_PROBE_PORT is set and the process is the
// server (npm and the pre-start build step get the same NODE_OPTIONS). Then it answers on 127.0.0.1 at that port:
//   GET /            process.memoryUsage(), the V8 heap statistics, the WebAssembly memories' sizes (PGlite's
//                    linear memory: part of RSS, outside the JS heap) and the active handles by type
//   GET /?gc=1       the same after a full garbage collection (what is retained, not what awaits collection)
//   GET /snapshot?file=<path>  a heap snapshot written there (after a collection), for Chrome DevTools' Memory tab
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

const port = Number(process.env.BENCH_MEMORY_PROBE_PORT ?? 0);

if (port > 0 && /apps[/\\]server[/\\]src[/\\]main\.ts$/.test(process.argv[1] ?? '')) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;

  // Linear memories made with `new WebAssembly.Memory` (PGlite makes its own so: initial 128 MB, maximum 2 GB).
  // They only ever grow: WebAssembly has no way to give pages back.
  const memories: Array<WeakRef<WebAssembly.Memory>> = [];
  const Original = WebAssembly.Memory;
  class Tracked extends Original {
    constructor(descriptor: WebAssembly.MemoryDescriptor) {
      super(descriptor);
      memories.push(new WeakRef(this));
    }
  }
  WebAssembly.Memory = Tracked;

  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

  /**
   * How much of each linear memory is resident: WebAssembly grows a memory by reserving address space, and a page
   * counts in RSS once written. Read from the process's own mappings: the anonymous one as large as the memory
   * (or V8's guard-region reservation of 8 GB and more). Linux only; undefined elsewhere.
   */
  const residentOf = (sizes: number[]): number | undefined => {
    let smaps: string;
    try {
      smaps = readFileSync('/proc/self/smaps', 'utf8');
    } catch {
      return undefined;
    }
    let total = 0;
    let size = 0;
    let anonymous = false;
    for (const line of smaps.split('\n')) {
      const mapping = /^([0-9a-f]+)-([0-9a-f]+) rw-p \S+ \S+ 0\s*$/.exec(line);
      if (mapping) {
        size = parseInt(mapping[2]!, 16) - parseInt(mapping[1]!, 16);
        anonymous = true;
        continue;
      }
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) anonymous = false;
      const rss = anonymous && /^Rss:\s+(\d+) kB/.exec(line);
      if (rss && sizes.some((bytes) => (size >= bytes && size - bytes < 2 ** 20) || size >= 8 * 2 ** 30)) total += Number(rss[1]) * 1024;
    }
    return total;
  };
  const sample = (collect: boolean) => {
    if (collect) gc();
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const wasmSizes = memories.flatMap((ref) => ref.deref()?.buffer.byteLength ?? []);
    const wasmResident = residentOf(wasmSizes);
    const handles: Record<string, number> = {};
    for (const type of process.getActiveResourcesInfo()) handles[type] = (handles[type] ?? 0) + 1;
    return {
      pid: process.pid,
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      wasm: mb(wasmSizes.reduce((sum, bytes) => sum + bytes, 0)),
      wasmResident: wasmResident === undefined ? undefined : mb(wasmResident),
      mallocedMemory: mb(heap.malloced_memory),
      /** The part of the V8 heap backed by memory (heapTotal is what V8 reserved for it). */
      heapPhysical: mb(heap.total_physical_size),
      /** Each V8 heap space's size, the part of it backed by memory, and its use. */
      spaces: Object.fromEntries(
        getHeapSpaceStatistics().map((s) => [s.space_name, { size: mb(s.space_size), physical: mb(s.physical_space_size), used: mb(s.space_used_size) }]),
      ),
      nativeContexts: heap.number_of_native_contexts,
      handles,
    };
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://probe');
    try {
      let body: unknown;
      if (url.pathname === '/snapshot') {
        gc();
        body = { file: writeHeapSnapshot(url.searchParams.get('file') ?? undefined) };
      } else body = sample(url.searchParams.get('gc') === '1');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  server.listen(port, '127.0.0.1');
  server.unref(); // never what keeps the server alive, nor what delays its stop
}
