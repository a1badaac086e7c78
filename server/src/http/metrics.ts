import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as PromClientModule from 'prom-client';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';

/** Seconds; from a fast cached read to the longest request allowed (60 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The label of a request no route matched (unknown paths never become label values). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * GET /api/metrics (docs/operations.md, "Metrics"): one registry per app with the process's
 * default metrics (CPU, memory, handles, event-loop lag), request durations by route pattern
 * and the database pool. Only built when METRICS_TOKEN is set: without it nothing is measured.
 */
type PromClient = typeof PromClientModule;

export class Metrics {
  readonly registry: Registry;
  private readonly durations: Histogram<'method' | 'route' | 'status_code'>;
  private readonly copiedByZod: Counter<'route'>;
  private readonly tokenDigest: Buffer;

  constructor(
    token: string,
    database: DatabaseHandle,
    { collectDefaultMetrics, Counter, Gauge, Histogram, Registry }: PromClient,
  ) {
    this.registry = new Registry();
    this.tokenDigest = digest(token);
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern, method and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.copiedByZod = new Counter({
      name: 'http_answers_copied_by_zod_total',
      help: 'Answers whose JSON Schema check refused them and zod stripped: a field the schema does not name (decision 178).',
      labelNames: ['route'],
      registers: [this.registry],
    });
    new Gauge({
      name: 'db_info',
      help: 'The database driver in use (value always 1).',
      labelNames: ['driver'],
      registers: [this.registry],
      collect() {
        this.set({ driver: database.kind }, 1);
      },
    });
    const pool = database.poolStats?.bind(database);
    if (pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the PostgreSQL pool, by state (total open, idle, max).',
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          const stats = pool();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'max' }, stats.max);
        },
      });
      new Gauge({
        name: 'db_pool_waiting_queries',
        help: 'Queries waiting for a free connection of the pool.',
        registers: [this.registry],
        collect() {
          this.set(pool().waiting);
        },
      });
    }
  }

  /** The one per-request cost: one observation when the answer has gone. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    this.durations.observe(
      {
        method: request.method,
        // The route's pattern (`/api/collections/list/:id/`), never the URL a client sent.
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  }

  /** An answer zod had to strip of a field its schema does not name, by route pattern. */
  answerCopiedByZod(route: string): void {
    this.copiedByZod.inc({ route });
  }

  /** Whether an Authorization header carries the token (constant time, whatever its length). */
  authorizes(header: string | undefined): boolean {
    const match = /^Bearer (.+)$/.exec(header ?? '');
    if (!match?.[1]) return false;
    return timingSafeEqual(digest(match[1]), this.tokenDigest);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Equal-length digests, so the comparison's time does not depend on the token's length. */
const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Builds the metrics and their onResponse hook, or nothing without a token. prom-client is
 * loaded only then: an instance without METRICS_TOKEN (the embedded default) keeps its memory
 * (about 10 MB of RSS; bench/README.md, "PGlite memory").
 */
export async function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  database: DatabaseHandle,
): Promise<Metrics | undefined> {
  if (!token) return undefined;
  const metrics = new Metrics(token, database, await import('prom-client'));
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  return metrics;
}
