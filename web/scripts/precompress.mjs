// After `vite build`: writes .gz and .br beside every text asset in dist/, so the server sends
// compressed files without compressing per request (@fastify/static `preCompressed`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of walk(dist)) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 512) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  count += 1;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist) || dist}`);
