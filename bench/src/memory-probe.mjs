// A diagnostic preload for the production server (`node --import ./memory-probe.mjs dist/main.js`),
// used by `npm run bench -- --memory-breakdown` and never in a recorded run: on SIGUSR2 it writes
// where the process's resident memory is to MEMORY_PROBE_FILE as JSON (bench/README.md, "PGlite
// memory"). Plain JavaScript so that plain `node` loads it, as the bench starts the server.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const MB = 1024 * 1024;
const file = process.env.MEMORY_PROBE_FILE;

// PGlite makes its WebAssembly heap with `new WebAssembly.Memory(...)`; a subclass records each
// one (weakly) and stays an instance of WebAssembly.Memory for the code that checks.
const memories = [];
const Original = WebAssembly.Memory;
class TrackedMemory extends Original {
  constructor(descriptor) {
    super(descriptor);
    memories.push(new WeakRef(this));
  }
}
WebAssembly.Memory = TrackedMemory;

/**
 * Resident MB of every mapping in /proc/self/smaps, grouped by what it holds. A WebAssembly
 * memory is an anonymous read-write mapping followed at once by the inaccessible rest of its
 * reservation (guard regions, several GB), which is how it is told from the V8 heap and malloc.
 */
function smapsGroups() {
  const maps = [];
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({
        start: parseInt(head[1], 16),
        end: parseInt(head[2], 16),
        perms: head[3],
        name: head[4].trim(),
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1].rssKb = Number(rss[1]);
  }
  const groups = {};
  maps.forEach((map, index) => {
    const next = maps[index + 1];
    let key;
    if (map.name.startsWith('/')) key = map.perms.includes('x') ? 'file code' : 'file data';
    else if (map.name === '[heap]') key = 'malloc [heap]';
    else if (map.name.startsWith('[')) key = 'other';
    else if (map.perms.includes('x')) key = 'anon executable (JIT code)';
    else if (
      map.perms.startsWith('rw') &&
      next &&
      next.start === map.end &&
      next.perms.startsWith('---') &&
      next.end - next.start >= 1024 * MB
    )
      key = 'wasm memory';
    else key = 'anon other (V8 heap, thread arenas, backing stores)';
    groups[key] = (groups[key] ?? 0) + map.rssKb;
  });
  return Object.fromEntries(
    Object.entries(groups).map(([key, kb]) => [key, Math.round((kb / 1024) * 10) / 10]),
  );
}

function snapshot() {
  const usage = process.memoryUsage();
  const spaces = {};
  for (const space of v8.getHeapSpaceStatistics()) {
    spaces[space.space_name] = {
      sizeMb: +(space.space_size / MB).toFixed(1),
      usedMb: +(space.space_used_size / MB).toFixed(1),
      physicalMb: +(space.physical_space_size / MB).toFixed(1),
    };
  }
  const heap = v8.getHeapStatistics();
  const codeStats = v8.getHeapCodeStatistics();
  return {
    at: new Date().toISOString(),
    rssMb: +(usage.rss / MB).toFixed(1),
    heapTotalMb: +(usage.heapTotal / MB).toFixed(1),
    heapUsedMb: +(usage.heapUsed / MB).toFixed(1),
    externalMb: +(usage.external / MB).toFixed(1),
    arrayBuffersMb: +(usage.arrayBuffers / MB).toFixed(1),
    heapPhysicalMb: +(heap.total_physical_size / MB).toFixed(1),
    mallocedMb: +(heap.malloced_memory / MB).toFixed(1),
    peakMallocedMb: +(heap.peak_malloced_memory / MB).toFixed(1),
    codeAndMetadataMb: +(
      (codeStats.code_and_metadata_size + codeStats.bytecode_and_metadata_size) /
      MB
    ).toFixed(1),
    wasmMemoriesMb: memories
      .map((ref) => ref.deref())
      .filter(Boolean)
      .map((memory) => +(memory.buffer.byteLength / MB).toFixed(1)),
    spaces,
    smapsRssMb: smapsGroups(),
  };
}

// With MEMORY_PROBE_GC=1, a second line after a full garbage collection: what is live, not
// what is merely not collected yet.
let gc;
if (process.env.MEMORY_PROBE_GC === '1') {
  v8.setFlagsFromString('--expose-gc');
  gc = vm.runInNewContext('gc');
}

if (file) {
  process.on('SIGUSR2', () => {
    const lines = [JSON.stringify(snapshot())];
    if (gc) {
      gc();
      lines.push(JSON.stringify({ afterFullGc: true, ...snapshot() }));
    }
    fs.appendFileSync(file, lines.join('\n') + '\n');
  });
}
