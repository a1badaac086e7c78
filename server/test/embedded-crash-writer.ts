/**
 * Child process of embedded-crash.test.ts: opens DATA_DIR the way the server does (lock, atomic
 * first initialisation, migrations, the same PGlite client) and writes without pause, each
 * write a multi-statement transaction, until it is killed. Lines on stdout:
 *   READY                 the database is open
 *   BEGIN <email>         a transaction has written its first row and is still open
 *   ACK <email>           that transaction has committed
 * stdout is a pipe, and pipes are written synchronously on Linux and macOS: once a line is
 * written, the test reads it even if this process is killed the next instant.
 */
import { eq } from 'drizzle-orm';
import { openEmbeddedDatabase } from '../src/db/embedded';
import { oneTimeCodes, users } from '../src/db/schema';
import { acquireDataDirLock } from '../src/runtime/data-dir-lock';
import { prepareDataDir } from '../src/runtime/startup';

const dataDir = process.env.DATA_DIR;
const round = process.env.CRASH_ROUND ?? 'r';
if (!dataDir) throw new Error('DATA_DIR is required');

const problem = prepareDataDir(dataDir);
if (problem) throw new Error(problem);
acquireDataDirLock(dataDir, 'crash-test-writer');
const { db } = await openEmbeddedDatabase(dataDir);
process.stdout.write('READY\n');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (let n = 0; ; n += 1) {
  const email = `${round}-${n}@crash.test`;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, firstName: 'Crash', lastName: 'pending', passwordHash: 'x'.repeat(97) })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned nothing');
    process.stdout.write(`BEGIN ${email}\n`);
    // Keep the transaction open across a few event-loop turns, so kills land inside it.
    await pause(n % 3);
    const expiresAt = new Date(Date.now() + 600_000);
    await tx.insert(oneTimeCodes).values(
      ['verify_email', 'login', 'reset_password'].map((purpose) => ({
        userId: user.id,
        purpose,
        codeHash: `${purpose}-${email}-${'h'.repeat(64)}`,
        expiresAt,
      })),
    );
    await tx.update(users).set({ lastName: 'complete' }).where(eq(users.id, user.id));
  });
  process.stdout.write(`ACK ${email}\n`);
}
