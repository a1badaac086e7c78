// After `vite build`: renders the public marketing pages to HTML (src/prerender.tsx) into
// dist/prerendered/, each with its title, description and Open Graph tags, so first paint
// needs no JavaScript and crawlers and link previews see the content (decision 239). The
// server answers `/`, `/about`, `/contact` and `/privacy` with these files; the app hydrates them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const out = path.join(dist, 'prerendered');
const ssrDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-prerender-'));

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sets `template`'s title and description, adds Open Graph tags, and puts `body` in #root. */
export function pageHtml(template, { title, description, body }) {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('prerender: dist/index.html has no empty #root');
  // React puts its resource hints (the hero's preload) before the page: they belong in <head>.
  const leading = /^(?:<link [^>]*\/>)*/.exec(body)?.[0] ?? '';
  const hints = leading.replace(/\/><link /g, '/>\n    <link ');
  const content = body.slice(leading.length);
  const social = [
    ['og:type', 'website'],
    ['og:site_name', 'Creator Workspace'],
    ['og:title', title],
    ['og:description', description],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escape(content)}" />`)
    .concat('<meta name="twitter:card" content="summary" />')
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      `<meta name="description" content="${escape(description)}" />`,
    )
    .replace('</head>', `  ${social}\n  </head>`)
    .replace('</head>', `  ${hints}\n  </head>`)
    .replace(root, `<div id="root">${content}</div>`);
}

async function main() {
  try {
    await build({
      root: webRoot,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      // Everything in one file: it runs from a temporary directory, away from node_modules.
      ssr: { noExternal: true },
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const { pages, render } = await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href);
    const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    fs.mkdirSync(out, { recursive: true });
    for (const page of pages) {
      const body = await render(page.path);
      fs.writeFileSync(path.join(out, page.file), pageHtml(template, { ...page, body }));
    }
    console.log(`prerendered ${pages.length} pages in ${path.relative(process.cwd(), out) || out}`);
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
