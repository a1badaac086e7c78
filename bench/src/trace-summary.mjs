// Sums a Chromium trace (BENCH_EDITOR_TRACE) by event name on the renderer's main thread:
// where the time between keystrokes goes (style, layout, paint, script). Usage:
//   node bench/src/trace-summary.mjs /tmp/editor-trace.json [how many rows]
import fs from 'node:fs';

const [file, rows = '25'] = process.argv.slice(2);
const trace = JSON.parse(fs.readFileSync(file, 'utf8'));
const events = Array.isArray(trace) ? trace : trace.traceEvents;
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const onMain = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X');
const totals = new Map();
for (const event of onMain) {
  const entry = totals.get(event.name) ?? { ms: 0, count: 0 };
  entry.ms += (event.dur ?? 0) / 1000;
  entry.count += 1;
  totals.set(event.name, entry);
}
const sorted = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(rows));
for (const [name, { ms, count }] of sorted) {
  console.log(`${ms.toFixed(1).padStart(9)} ms ${String(count).padStart(6)}×  ${name}`);
}
