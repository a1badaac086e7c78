// The collab bench's "scale" part: many open connections on many documents across two instances
// through Redis (docs/api.md, "Writing together"; bench/README.md, "Live co-editing").
//
// PEOPLE people each own DOCUMENTS / PEOPLE documents and hold CONNECTIONS / PEOPLE connections
// to them (a person may hold 500 per instance): connection j of a person opens their document
// j mod d (their d documents); a document's connections alternate between instance A and B,
// starting on A for an even document, so every document is open on both and each instance holds
// half. One connection a document types a unique marker
// every 1 / RATE seconds; every other connection of that document observes it. Measured: the
// apply latency (marker typed → seen in another client), apart for the same and the other
// instance; each instance's RSS idle, with every connection open, and after the typing; each
// instance's CPU; markers lost (every marker in every client of its document at the end).
import type * as Y from 'yjs';
import { login, registerVerified } from './api';
import { newItem, openAll, openEditor, until, type Editor } from './collab-clients';
import { summarize } from './load';
import type { RunningProcess } from './processes';

export interface ScaleSize {
  connections: number;
  documents: number;
  people: number;
  /** Keystrokes per second of each document's typist. */
  rate: number;
  seconds: number;
}

interface Instance extends RunningProcess {
  dataDir: string;
}

interface Percentiles {
  median: number;
  p95: number;
  p99: number;
  samples: number;
}

export interface ScaleResult extends Omit<ScaleSize, 'documents' | 'connections'> {
  connections: number;
  documents: number;
  /** Open connections per instance. */
  perInstance: [number, number];
  openSeconds: number;
  keystrokes: number;
  lostInClients: number;
  applyLatency: Percentiles & {
    sameInstance: Percentiles;
    otherInstance: Percentiles;
  };
  rssMb: { idle: [number, number]; open: [number, number]; afterTyping: [number, number] };
  /** Per connection: (open − idle) ÷ connections on that instance, MB. */
  rssPerConnectionMb: [number, number];
  cpu: { percentOfOneCore: [number, number]; msPerKeystroke: number };
  target: string;
}

const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MARK = /\[(\d+)\.(\d+)\]/g;

function percentiles(samples: number[]): Percentiles {
  const s = summarize(samples);
  return {
    median: round(s.median),
    p95: round(s.p95),
    p99: round(s.p99),
    samples: samples.length,
  };
}

export async function atScale(
  instances: [Instance, Instance],
  size: ScaleSize,
  emailOf: (person: number) => string,
  password: string,
  log: (line: string) => void,
): Promise<ScaleResult> {
  const [a, b] = instances;
  const docsEach = Math.ceil(size.documents / size.people);
  const connectionsEach = Math.ceil(size.connections / size.people);
  const people = await openAll(size.people, 2, async (p) => {
    await registerVerified(a.baseUrl, `${a.dataDir}/mail`, emailOf(p), password);
    // A token for each instance: both verify the same JWT secret, but each logs its own session.
    const [onA, onB] = await Promise.all([
      login(a.baseUrl, emailOf(p), password),
      login(b.baseUrl, emailOf(p), password),
    ]);
    const ids = await openAll(docsEach, 5, () => newItem(a.baseUrl, onA.access, 'Open: '));
    return { tokens: [onA.access, onB.access] as const, ids };
  });
  await sleep(2000);
  const idle: [number, number] = [a.memory().rssMb, b.memory().rssMb];

  interface Connection {
    editor: Editor;
    doc: number;
    instance: 0 | 1;
  }
  const plan: { person: number; doc: number; instance: 0 | 1 }[] = [];
  for (let p = 0; p < size.people; p++) {
    for (let j = 0; j < connectionsEach && plan.length < size.connections; j++) {
      plan.push({
        person: p,
        doc: p * docsEach + (j % docsEach),
        // Rounds over the documents alternate instances, starting on A for an even document.
        instance: (Math.floor(j / docsEach) + (j % docsEach)) % 2 === 0 ? 0 : 1,
      });
    }
  }
  const openStarted = performance.now();
  const connections: Connection[] = await openAll(plan.length, 20, async (i) => {
    const { person, doc, instance } = plan[i]!;
    const who = people[person]!;
    const editor = openEditor(
      instances[instance].baseUrl,
      who.ids[doc - person * docsEach]!,
      who.tokens[instance],
    );
    await editor.synced;
    return { editor, doc, instance };
  });
  const openSeconds = (performance.now() - openStarted) / 1000;
  const perInstance: [number, number] = [
    connections.filter((c) => c.instance === 0).length,
    connections.filter((c) => c.instance === 1).length,
  ];
  log(
    `  ${connections.length} connections open in ${round(openSeconds)} s (A ${perInstance[0]}, B ${perInstance[1]})`,
  );
  await sleep(3000);
  const open: [number, number] = [a.memory().rssMb, b.memory().rssMb];

  // Each document's typist: its first connection on A for an even document, on B for an odd one.
  const byDoc = new Map<number, Connection[]>();
  for (const c of connections) {
    const list = byDoc.get(c.doc) ?? [];
    list.push(c);
    byDoc.set(c.doc, list);
  }
  const typists = [...byDoc.entries()].map(([doc, list]) => {
    const wanted = doc % 2 === 0 ? 0 : 1;
    return list.find((c) => c.instance === wanted) ?? list[0]!;
  });
  const typistOf = new Map(typists.map((t) => [t.doc, t]));
  const sentAt = new Map<string, number>();
  const same: number[] = [];
  const other: number[] = [];
  for (const c of connections) {
    c.editor.text.observe((event: Y.YTextEvent) => {
      if (event.transaction.local) return;
      const now = performance.now();
      const from = typistOf.get(c.doc)?.instance;
      for (const op of event.delta) {
        if (typeof op.insert !== 'string') continue;
        for (const m of op.insert.matchAll(MARK)) {
          const at = sentAt.get(m[0]);
          if (at !== undefined) (from === c.instance ? same : other).push(now - at);
        }
      }
    });
  }
  const typed = new Map<number, string[]>(typists.map((t) => [t.doc, []]));
  const cpuBefore = [a.cpuMs(), b.cpuMs()];
  const started = performance.now();
  const stopAt = started + size.seconds * 1000;
  const every = 1000 / size.rate;
  await Promise.all(
    typists.map(async (typist, t) => {
      await sleep(Math.random() * every);
      for (let n = 0; performance.now() < stopAt; n++) {
        const marker = `[${t}.${n}]`;
        sentAt.set(marker, performance.now());
        typist.editor.text.insert(typist.editor.text.length, marker);
        typed.get(typist.doc)!.push(marker);
        await sleep(every);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = [a.cpuMs() - cpuBefore[0]!, b.cpuMs() - cpuBefore[1]!];
  const keystrokes = [...typed.values()].reduce((sum, list) => sum + list.length, 0);
  log(`  ${keystrokes} keystrokes in ${round(seconds)} s; waiting for every client`);
  await until(
    () => typists.every((t) => !t.editor.provider.hasUnsyncedChanges),
    'every keystroke to be acknowledged',
    60_000,
  );
  let lostInClients = 0;
  await until(
    () => {
      lostInClients = 0;
      for (const c of connections) {
        const text = c.editor.text.toString();
        for (const marker of typed.get(c.doc) ?? []) if (!text.includes(marker)) lostInClients++;
      }
      return lostInClients === 0;
    },
    'every client to hold every marker',
    60_000,
  ).catch((error: unknown) => log(`  ${(error as Error).message}`));
  await sleep(3000);
  const afterTyping: [number, number] = [a.memory().rssMb, b.memory().rssMb];
  for (const c of connections) c.editor.destroy();
  const all = [...same, ...other];
  return {
    people: size.people,
    rate: size.rate,
    seconds: round(seconds),
    connections: connections.length,
    documents: byDoc.size,
    perInstance,
    openSeconds: round(openSeconds),
    keystrokes,
    lostInClients,
    applyLatency: {
      ...percentiles(all),
      sameInstance: percentiles(same),
      otherInstance: percentiles(other),
    },
    rssMb: {
      idle: [round(idle[0]), round(idle[1])],
      open: [round(open[0]), round(open[1])],
      afterTyping: [round(afterTyping[0]), round(afterTyping[1])],
    },
    rssPerConnectionMb: [
      Math.round(((open[0] - idle[0]) / Math.max(1, perInstance[0])) * 1000) / 1000,
      Math.round(((open[1] - idle[1]) / Math.max(1, perInstance[1])) * 1000) / 1000,
    ],
    cpu: {
      percentOfOneCore: [
        round((cpuMs[0]! / (seconds * 1000)) * 100),
        round((cpuMs[1]! / (seconds * 1000)) * 100),
      ],
      msPerKeystroke: Math.round(((cpuMs[0]! + cpuMs[1]!) / Math.max(1, keystrokes)) * 100) / 100,
    },
    target: 'apply p95 across instances < 100 ms (as one keystroke)',
  };
}
