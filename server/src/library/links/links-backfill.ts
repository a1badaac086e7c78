import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { LibraryStore } from '../library-store';

export const LINKS_BACKFILL_JOB = 'links-backfill';
/** Items read per step of the backfill. */
const BACKFILL_SLICE = 500;

/**
 * Derives the links of every item written before links existed (decision 211): items whose text
 * holds a `[[` and that have no link yet, in id order, each as its owner (as an import derives
 * them). Items whose `[[` makes no link are passed over by the id order, so it ends. Returns how
 * many items it derived.
 */
export async function backfillLinks(store: LibraryStore): Promise<number> {
  let after = 0;
  let derived = 0;
  for (;;) {
    const rows = await store.repos.links.unlinked(after, BACKFILL_SLICE);
    if (rows.length === 0) return derived;
    after = rows.at(-1)!.id;
    const byOwner = new Map<number, number[]>();
    for (const row of rows) byOwner.set(row.userId, [...(byOwner.get(row.userId) ?? []), row.id]);
    for (const [userId, ids] of byOwner) {
      await store.transaction((repos) => repos.links.deriveImported({ userId }, ids));
    }
    derived += rows.length;
  }
}

/**
 * Queues the backfill once per database: its run key makes it one job, run by whichever
 * instance claims it first, and never again once done (docs/operations.md, "Links between
 * items").
 */
export function scheduleLinksBackfill(
  app: FastifyInstance,
  deps: { store: LibraryStore; jobs: JobQueue },
): void {
  deps.jobs.handle(LINKS_BACKFILL_JOB, async () => {
    const derived = await backfillLinks(deps.store);
    if (derived > 0) app.log.info({ derived }, 'links of earlier texts derived');
  });
  app.addHook('onReady', async () => {
    await deps.jobs
      .enqueue({ kind: LINKS_BACKFILL_JOB, runKey: `${LINKS_BACKFILL_JOB}:1` })
      .catch((err: unknown) => app.log.error({ err }, 'links backfill could not be queued'));
  });
}
