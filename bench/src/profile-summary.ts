// The top of a V8 CPU profile (node --cpu-prof): self time by function, and by package, so a
// profile can be read in a table (bench/README.md, "Floors").
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/<package>` of a script URL, else the file name ('(program)' for V8's own). */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

export function summarizeProfile(file: string, rows: number): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  // Inclusive time by package: a sample counts once for every package on its stack.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusive = new Map<string, number>();
  const inclusiveOwn = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    const own = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      const url = frame?.url ?? '';
      if (url) seen.add(placeOf(url));
      // Our own code (the server bundle or sources), function by function.
      if (frame && /dist\/main\.js|server\/src\//.test(url))
        own.add(`${frame.functionName || '(anonymous)'}  ${placeOf(url)}:${frame.lineNumber + 1}`);
    }
    const delta = profile.timeDeltas[index] ?? 0;
    for (const place of seen) inclusive.set(place, (inclusive.get(place) ?? 0) + delta);
    for (const name of own) inclusiveOwn.set(name, (inclusiveOwn.get(name) ?? 0) + delta);
  });
  let total = 0;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url);
    const name = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${share(us)}  ${name}`);
  return [
    `total ${(total / 1e6).toFixed(1)} s of samples`,
    'self time by package or file:',
    ...top(byPlace, 15),
    'inclusive time by package or file (a sample counts for every package on its stack):',
    ...top(inclusive, 20),
    'inclusive time of our own functions:',
    ...top(inclusiveOwn, 25),
    'by function:',
    ...top(byFunction, rows),
  ].join('\n');
}

// `node --import tsx bench/src/profile-summary.ts <file.cpuprofile> [rows]`
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const [file, rows] = process.argv.slice(2);
  if (file) process.stdout.write(`${summarizeProfile(file, Number(rows ?? 30))}\n`);
}
