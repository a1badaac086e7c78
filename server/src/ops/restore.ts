// `npm run restore -- FILE`: brings a backup archive back into an empty (or new) DATA_DIR.
import { restoreBackup } from './archive';
import { OpsError } from './archive';
import { runCommand } from './cli';

await runCommand('restore', async (config) => {
  const archive = process.argv[2];
  if (!archive) throw new OpsError('usage: npm run restore -- FILE (a backup .tar.gz)');
  const { entries } = await restoreBackup({ archive, dataDir: config.dataDir });
  return `restored ${archive} into ${config.dataDir} (${entries.join(', ')})`;
});
