// EXPLAIN (ANALYZE, BUFFERS) of the search floor's queries on a data set kept by
// BENCH_SEARCH_KEEP=1 (PostgreSQL): where the endpoint's SQL spends its time.
//
//   npx tsx bench/src/search-explain.ts postgres://postgres@127.0.0.1:5432/cw_bench_… [q …]
//
// On a growth base kept by `npm run bench:grow -- --keep` (bench/README.md, "Growth"):
// SEARCH_EXPLAIN_EMAIL=grow-1@example.com (the largest account) before the command.
import pg from 'pg';
import { searchFloor } from './search-sql';
import { SEARCH_QUERIES } from './search';
import { searchUserEmail } from './search-seed';

const [url, ...queries] = process.argv.slice(2);
if (!url) throw new Error('usage: search-explain.ts <database url> [q …]');
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  // The planner settings the server's search runs with (search.repository.ts, decision 110).
  await client.query('set jit = off');
  await client.query('set enable_seqscan = off');
  const { rows } = await client.query<{ id: number }>('select id from users where email = $1', [
    process.env.SEARCH_EXPLAIN_EMAIL ?? searchUserEmail(0),
  ]);
  const userId = Number(rows[0]?.id);
  const qs = queries.length ? queries : Object.values(SEARCH_QUERIES).map((query) => query.q);
  for (const q of qs) {
    const sql = searchFloor(q, { userId });
    const page = await client.query<{ type: string; id: number }>(sql.page.text, sql.page.values);
    const explain = async (what: string, text: string, values: unknown[]) => {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${text}`,
        values,
      );
      process.stdout.write(
        `\n=== ${q}: ${what}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
      );
    };
    await explain('page query', sql.page.text, sql.page.values);
    const details = sql.details(
      page.rows.filter((r) => r.type === 'content').map((r) => Number(r.id)),
    );
    if (details) await explain('headlines', details.text, details.values);
  }
} finally {
  await client.end();
}
