// Diagnostic preload for the growth bench's plan checks (src/grow-plans.ts): appends the text
// and parameters of every query the server sends through `pg` to GROW_CAPTURE_FILE, one JSON
// line each, so the bench can EXPLAIN exactly what a route ran. Loaded with
// `node --import <this file>` into a server started only for the checks, never into a measured one.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.GROW_CAPTURE_FILE;
const from = process.env.GROW_CAPTURE_FROM;
if (file && from) {
  const pg = createRequire(from)('pg');
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, ...rest) {
    try {
      const text = typeof config === 'string' ? config : config?.text;
      const params =
        config && typeof config === 'object' && Array.isArray(config.values)
          ? config.values
          : Array.isArray(values)
            ? values
            : [];
      if (typeof text === 'string') {
        fs.appendFileSync(file, `${JSON.stringify({ text, values: params })}\n`);
      }
    } catch {
      // Capturing must never change what the server does.
    }
    return original.call(this, config, values, ...rest);
  };
}
