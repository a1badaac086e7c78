// `npm run backup [-- DIRECTORY | FILE.tar.gz]`: a consistent copy of the embedded database,
// the uploaded files and the secret, taken while the server is stopped. Default destination:
// a `backups` directory beside DATA_DIR.
import path from 'node:path';
import { createBackup } from './archive';
import { runCommand } from './cli';

await runCommand('backup', async (config) => {
  const destination = process.argv[2] ?? path.join(path.dirname(config.dataDir), 'backups');
  const embedded = !config.databaseUrl;
  const { archive, entries } = await createBackup({
    dataDir: config.dataDir,
    destination,
    embedded,
  });
  if (!embedded) {
    process.stderr.write(
      'creator-workspace backup: the database is the PostgreSQL server of DATABASE_URL; back it ' +
        'up with pg_dump. This archive holds the files and the secret only.\n',
    );
  }
  return `backup written: ${archive} (${entries.join(', ')})`;
});
