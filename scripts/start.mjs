// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (which serves the web app and the API from one process) in this same process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWhatIsStale, repoRoot } from './build-stale.mjs';

buildWhatIsStale((line) => process.stdout.write(`${line}\n`));

// NODE_ENV is left as given: unset means a local product with a generated secret in DATA_DIR;
// NODE_ENV=production demands JWT_SECRET (docs/operations.md).
await import(pathToFileURL(path.join(repoRoot, 'server/dist/main.js')).href);
