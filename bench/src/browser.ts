// What a visitor's browser sees: the JavaScript it downloads, and how fast the content editor
// answers a keystroke with 10,000 words in it. Headless Debian Chromium through playwright-core.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Tokens } from './api';
import { summarize } from './load';
import { pathOf } from '@cw/contract/routes';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found)
    throw new Error('no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Frames are produced as soon as the main thread is free instead of on a 60 Hz tick, so
    // "time to the next frame" measures the page's work, not where the keystroke fell in the
    // display's refresh cycle (which alone would spread an idle page over 0-16.7 ms).
    args: ['--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
}

export async function contextWithSession(
  browser: Browser,
  session?: Tokens,
): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (session) {
    // The web app keeps its session in localStorage (web/src/lib/token-storage.ts).
    await context.addInitScript((tokens: Tokens) => {
      window.localStorage.setItem('access_token', `Bearer ${tokens.access}`);
      window.localStorage.setItem('refresh_token', tokens.refresh);
    }, session);
  }
  return context;
}

/* ---------------- bundle ---------------- */

export interface JsFile {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface JsDownload {
  path: string;
  /** Where the browser ended up (a guard may redirect). */
  finalPath: string;
  files: JsFile[];
  rawBytes: number;
  gzipBytes: number;
  /** Whether the server sent the JS compressed (Content-Encoding); the gzip figure assumes so. */
  servedCompressed: boolean;
}

/** Every script response of a cold visit to `route`, until the network is quiet. */
export async function jsDownloadedFor(
  browser: Browser,
  baseUrl: string,
  route: string,
  session?: Tokens,
): Promise<JsDownload> {
  const context = await contextWithSession(browser, session);
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const files: JsFile[] = [];
  let servedCompressed = false;
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const isScript = response.request().resourceType() === 'script' || /javascript/.test(type);
    if (!isScript || response.status() !== 200) return;
    if (response.headers()['content-encoding']) servedCompressed = true;
    pending.push(
      response.body().then((body) => {
        files.push({
          file: new URL(response.url()).pathname,
          rawBytes: body.length,
          gzipBytes: gzipSync(body).length,
        });
      }),
    );
  });
  try {
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle', timeout: 60_000 });
    await Promise.all(pending);
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      path: route,
      finalPath: new URL(page.url()).pathname,
      files,
      rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      servedCompressed,
    };
  } finally {
    await context.close();
  }
}

/* ---------------- editor ---------------- */

const WORDS = (
  'the host camera light story scene cut voice over intro outro hook viewer channel episode ' +
  'script draft frame edit sound music pause smile question answer idea moment turn reveal ' +
  'quick slow bright quiet honest simple real first last next every one more because while'
).split(' ');

/** A deterministic markdown script of `count` words: headings, paragraphs, lists, emphasis. */
export function script(count: number): string {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return WORDS[seed % WORDS.length] ?? 'word';
  };
  const blocks: string[] = [];
  let written = 0;
  let section = 1;
  while (written < count) {
    blocks.push(`## Scene ${section}`);
    written += 2;
    section += 1;
    for (let paragraph = 0; paragraph < 3 && written < count; paragraph += 1) {
      const length = Math.min(60, count - written);
      const words = Array.from({ length }, next);
      if (words.length > 4) words[3] = `**${words[3]}**`;
      blocks.push(`${words.join(' ')}.`);
      written += length;
    }
    if (written < count) {
      const items = Array.from(
        { length: Math.min(3, count - written) },
        () => `- ${next()} ${next()}`,
      );
      blocks.push(items.join('\n'));
      written += items.length * 2;
    }
  }
  return blocks.join('\n\n');
}

interface KeystrokeProbe {
  toFrame: number[];
  toRaf: number[];
  start: number;
}

/**
 * Records, per keystroke, keydown → next animation frame and keydown → that frame done. The frame
 * is asked for from the keydown itself (a capture listener on window, before any handler of the
 * page), so a bare textarea and CodeMirror's contenteditable are measured the same way.
 */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe: KeystrokeProbe = { toFrame: [], toRaf: [], start: 0 };
    (window as unknown as { __keystrokeProbe: KeystrokeProbe }).__keystrokeProbe = probe;
    window.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        probe.start = start;
        requestAnimationFrame(() => {
          probe.toRaf.push(performance.now() - start);
          // A task queued from the frame callback runs once that frame's style, layout and
          // paint are done: the end of "until the next frame".
          const channel = new MessageChannel();
          channel.port1.onmessage = () => probe.toFrame.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  });
}

async function typeMeasured(page: Page, text: string): Promise<KeystrokeProbe> {
  for (let index = 0; index < text.length; index += 1) {
    await page.keyboard.type(text[index] ?? ' ');
    await page.waitForFunction(
      (count) =>
        (window as unknown as { __keystrokeProbe: KeystrokeProbe }).__keystrokeProbe.toFrame
          .length >= count,
      index + 1,
      { polling: 5, timeout: 10_000 },
    );
  }
  return page.evaluate(
    () => (window as unknown as { __keystrokeProbe: KeystrokeProbe }).__keystrokeProbe,
  );
}

const TYPED =
  'And then the host looks straight into the camera and asks the one question every viewer ' +
  'has been waiting for since the very first scene of this episode, so pause here for a beat. ';

export interface KeystrokeFigures {
  keystrokes: number;
  median: number;
  p95: number;
  max: number;
  /** keydown → start of the next animation frame (before that frame's rendering). */
  rafMedian: number;
  rafP95: number;
}

function figures(probe: KeystrokeProbe): KeystrokeFigures {
  const frame = summarize(probe.toFrame);
  const raf = summarize(probe.toRaf);
  return {
    keystrokes: probe.toFrame.length,
    median: frame.median,
    p95: frame.p95,
    max: Math.max(...probe.toFrame),
    rafMedian: raf.median,
    rafP95: raf.p95,
  };
}

export interface EditorResult {
  words: number;
  characters: number;
  editor: KeystrokeFigures;
  /** The same probe on a bare <textarea> in the same browser: the floor of this machine. */
  floor: KeystrokeFigures;
  /** The same, with the bare <textarea> holding the same script: the browser's own share. */
  floorWithScript?: KeystrokeFigures;
  /** CodeMirror alone (bare-codemirror.ts) holding the same script: the editor library's share. */
  bareCodeMirror?: KeystrokeFigures;
}

/** bare-codemirror.ts bundled into one script for a blank page. */
async function bareCodeMirrorBundle(): Promise<string> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-codemirror.ts');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle for bare-codemirror.ts');
  return output.text;
}

export async function measureEditor(
  browser: Browser,
  baseUrl: string,
  session: Tokens,
  options: { words: number; keystrokes: number },
): Promise<EditorResult> {
  const typed = TYPED.repeat(Math.ceil(options.keystrokes / TYPED.length)).slice(
    0,
    options.keystrokes,
  );
  const text = script(options.words);

  // The floors: a page with one bare textarea, empty and then holding the same script, same
  // probe, same browser flags. The second shows what the browser alone spends on a big text.
  const bareTextarea = async (initial: string): Promise<KeystrokeFigures> => {
    const floorContext = await browser.newContext();
    try {
      const blank = await floorContext.newPage();
      await blank.setContent('<textarea id="t" style="width:600px;height:400px"></textarea>');
      await blank.fill('#t', initial);
      await blank.evaluate(() => {
        const field = document.querySelector<HTMLTextAreaElement>('#t');
        field?.focus();
        field?.setSelectionRange(field.value.length, field.value.length);
      });
      await installProbe(blank);
      // As many keys as the editor gets: the ratio's p95 is then of as many samples on both sides.
      return figures(await typeMeasured(blank, typed));
    } finally {
      await floorContext.close();
    }
  };
  const floor = await bareTextarea('');
  const floorWithScript = await bareTextarea(text);

  // CodeMirror alone, with the writing page's extensions, in a pane of the writing page's size:
  // what the editor library costs here, apart from the shared document, React and the page.
  const bareCodeMirror = async (): Promise<KeystrokeFigures> => {
    const bundle = await bareCodeMirrorBundle();
    const floorContext = await browser.newContext();
    try {
      const blank = await floorContext.newPage();
      await blank.setContent('<div id="host" style="width:600px;height:442px"></div>');
      await blank.evaluate((script) => {
        (window as unknown as { __benchScript: string }).__benchScript = script;
      }, text);
      await blank.addScriptTag({ content: bundle });
      const area = blank.locator('.cm-content');
      await area.waitFor({ state: 'visible' });
      await blank.waitForTimeout(500);
      await area.click();
      await blank.keyboard.press('Control+End');
      await installProbe(blank);
      return figures(await typeMeasured(blank, typed));
    } finally {
      await floorContext.close();
    }
  };
  const bareEditor = await bareCodeMirror();

  // The script is an item of its own (the writing page opens its shared document): made through
  // the API, then opened at /content/{id}/edit, where the editor loads the 10,000 words.
  const created = await fetch(`${baseUrl}${pathOf('contents.create')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench script', content: text }),
  });
  if (created.status !== 201) throw new Error(`creating the bench script: ${created.status}`);
  const { id } = (await created.json()) as { id: number };

  const context = await contextWithSession(browser, session);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/content/${id}/edit`, { waitUntil: 'networkidle', timeout: 60_000 });
    const landed = new URL(page.url()).pathname;
    if (!landed.startsWith(`/content/${id}/edit`)) {
      throw new Error(`/content/${id}/edit led to ${landed} (signed-in session not accepted?)`);
    }
    // The target is set for Split mode (text and preview side by side), the writing surface's
    // default; choose it explicitly in case a stored preference says otherwise.
    // BENCH_EDITOR_MODE=Write|Split|Preview measures another mode, to compare.
    const mode = process.env.BENCH_EDITOR_MODE ?? 'Split';
    const split = page.getByRole('button', { name: mode, exact: true });
    if (await split.count()) await split.first().click();
    // BENCH_EDITOR_CSS='…': a style sheet added before typing, to try a layout change without
    // rebuilding (e.g. containment of a pane) against the same run's floors.
    const extraCss = process.env.BENCH_EDITOR_CSS;
    if (extraCss) {
      // A constructed style sheet: the app's Content-Security-Policy refuses inline <style>.
      await page.evaluate((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, extraCss);
    }
    // CodeMirror's contenteditable (aria-label "Content"), once the document has synced.
    const area = page.locator('.cm-content[aria-label="Content"]');
    await area.waitFor({ state: 'visible', timeout: 30_000 });
    const editorLength = () =>
      page.evaluate(() => {
        // EditorView.findFromDOM without the module: the content element's tile knows its view.
        type Tile = { root?: Tile; view?: { state: { doc: { length: number } } } };
        const element = document.querySelector('.cm-content') as
          (Element & { cmTile?: Tile }) | null;
        const tile = element?.cmTile;
        return (tile?.root ?? tile)?.view?.state.doc.length ?? -1;
      });
    await page.waitForFunction(
      (expected) => {
        type Tile = { root?: Tile; view?: { state: { doc: { length: number } } } };
        const element = document.querySelector('.cm-content') as
          (Element & { cmTile?: Tile }) | null;
        const tile = element?.cmTile;
        return ((tile?.root ?? tile)?.view?.state.doc.length ?? -1) >= expected;
      },
      text.length,
      { timeout: 30_000 },
    );
    // Let the first render of the whole script (and any deferred preview) finish.
    await page.waitForTimeout(1500);
    await area.click();
    await page.keyboard.press('Control+End');
    await installProbe(page);
    // BENCH_EDITOR_PROFILE=file.cpuprofile: a CPU profile of the typing, to find where it goes
    // (open it in Chrome DevTools' Performance panel).
    const profileFile = process.env.BENCH_EDITOR_PROFILE;
    const cdp = profileFile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // BENCH_EDITOR_TRACE=file.json: a browser trace of the typing (style, layout, paint, script),
    // summed by `node bench/src/trace-summary.mjs file.json`.
    const traceFile = process.env.BENCH_EDITOR_TRACE;
    if (traceFile) {
      await browser.startTracing(page, {
        path: traceFile,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
      });
    }
    const probe = await typeMeasured(page, typed);
    if (traceFile) await browser.stopTracing();
    if (cdp && profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
    }
    const length = await editorLength();
    if (length !== text.length + typed.length) {
      throw new Error(
        `the editor holds ${length} characters, expected ${text.length + typed.length}`,
      );
    }
    return {
      words: options.words,
      characters: text.length,
      editor: figures(probe),
      floor,
      floorWithScript,
      bareCodeMirror: bareEditor,
    };
  } finally {
    await context.close();
  }
}
