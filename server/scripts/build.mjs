// Bundles the server into dist/main.js: our own workspace packages (@cw/*) are bundled,
// every other package stays an ordinary import from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
