// Bundles the server into dist/main.js: our own workspace packages (@cw/*) are bundled,
// every other package stays an ordinary import from node_modules. Split into chunks so a module
// imported with `await import()` (the S3 store and its AWS SDK) loads only when used.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry hashes: start clean so old chunks never pile up.
rmSync('dist', { recursive: true, force: true });

await build({
  // The import's worker thread is a script of its own (src/library/import-export/import-reader.ts finds it).
  entryPoints: ['src/main.ts', 'src/library/import-export/import-worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@cw/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
