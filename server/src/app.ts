import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Mailer } from './mail/mailer';
import { runMailQueue } from './mail/mail-queue';
import { DownloadTickets } from './auth/download-tickets';
import { TokenService } from './auth/tokens';
import { authPlugin, createAuth } from './auth/auth.plugin';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './auth/rate-limit';
import { applyBodyLimits, SMALL_BODY_LIMIT } from './http/body-limits';
import { clientErrorHandler } from './http/client-errors';
import { registerErrorHandling } from './http/errors';
import { registerJsonBodyReader } from './http/json-body';
import { notFoundAnswers } from './http/not-found';
import { OneLinePerRequest } from './http/request-log';
import { refuseMultipartWithoutBoundary } from './http/multipart';
import { registerResponseHeaders } from './http/response-headers';
import { answersSerializer } from './http/response-serializer';
import { registerRoutes } from './http/route-table';
import { registerMetrics } from './http/metrics';
import { registerSecurityHeaders } from './http/security-headers';
import { systemRoutes } from './http/system.routes';
import { webAppOf } from './http/web-app';
import {
  DEFAULT_FOLLOW_LIMITS,
  defaultFileStorage,
  libraryPlugin,
  type FollowLimits,
} from './library/library.plugin';
import { publicNotFoundOf } from './library/publishing/public.routes';
import { JobQueue, runJobQueue } from './jobs/job-queue';
import type { FileStorage } from './storage/file-storage';
import { FileRemovals } from './storage/file-removals';
import { LibraryStore } from './library/library-store';
import { DocumentsService } from './collab/documents.service';
import { CollabServer, type CollabLimits } from './collab/collab-server';
import { collabRedisPrefix } from './collab/collab-bus';

/** The longest a request may take, an upload included; also how old a `.part` file must be to be an orphan. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Master secret: signs tokens and keys the one-time-code hashes. */
  secret: string;
  /** Built web app to serve at `/` (web/dist), or null to serve the API only. */
  webDistDir?: string | null;
  /** Where uploaded file bytes go; DATA_DIR/files on the local disk unless given. */
  fileStorage?: FileStorage;
  /** The process logger (pino, with runtime/logger.ts's options); none in tests. */
  loggerInstance?: FastifyBaseLogger;
  /** The clock of codes, rate-limit windows and stored dates; tests move it forward. */
  now?: () => Date;
  /** Auth rate limits; the contract's defaults unless a test or bench changes some. */
  authLimits?: Partial<AuthLimits>;
  /** The follow form's limits and the follower mails' batches (decision 247); tests change them. */
  followLimits?: Partial<FollowLimits>;
  /**
   * Told the route pattern of every answer that carried a field its schema does not name (zod
   * stripped it; decision 178). The tests' apps fail on it; the metric counts it as well.
   */
  onAnswerCopiedByZod?: (route: string) => void;
  /** Live editing's limits; the contract's unless a test changes some. */
  collabLimits?: Partial<CollabLimits>;
}

export type App = FastifyInstance;

/** The whole HTTP application. Used by main.ts and by every integration test. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Requests no route serves, the public 404 included: http/not-found.ts.
  const notFound = notFoundAnswers(publicNotFoundOf);
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: false }),
    // Every route gets its own limit from http/body-limits.ts; this one covers unknown routes.
    bodyLimit: SMALL_BODY_LIMIT,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // A slow client cannot hold a connection forever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: 60_000,
    // Longer than most clients keep an idle connection (Node's fetch 4 s), so the client closes
    // first and a request never races the server's close (ECONNRESET, seen on a busy machine
    // with 5 s); under connectionTimeout, which would cut an idle socket anyway.
    keepAliveTimeout: 55_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Refusals before any route runs (431, 414, bad URLs) in the contract's error shape.
    clientErrorHandler,
    frameworkErrors: notFound.frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // The metric of answers copied by zod joins once the metrics exist (below).
  let copiedByZod: ((route: string) => void) | undefined;
  app.setSerializerCompiler(
    answersSerializer((route) => {
      deps.onAnswerCopiedByZod?.(route);
      copiedByZod?.(route);
    }),
  );
  registerErrorHandling(app);
  applyBodyLimits(app);
  registerJsonBodyReader(app);
  refuseMultipartWithoutBoundary(app);
  registerResponseHeaders(app);
  const webApp = webAppOf(deps.webDistDir);
  notFound.register(app, webApp?.shell ?? null);

  /* ---- external plugins ---- */
  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Creator Workspace API',
        version: '1.0.0',
        description: 'Accounts and the signed-in library of Creator Workspace.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  /* ---- app plugins ---- */
  const tokens = new TokenService(deps.secret);
  const now = deps.now ?? (() => new Date());
  // One file store and one queue of file removals for the library and account deletion.
  const fileStorage = deps.fileStorage ?? defaultFileStorage(config.dataDir);
  const removals = new FileRemovals(deps.database.db, fileStorage, app.log);
  const limits: AuthLimits = { ...DEFAULT_AUTH_LIMITS, ...deps.authLimits };
  // Download tickets (docs/auth.md): the export's link for the browser's own download.
  const downloadTickets = new DownloadTickets(deps.secret, now);
  // Live co-editing (docs/api.md, "Writing together"): made before the services that tell it
  // about writes and access changes; it authenticates with the services made after it.
  const live: { collab?: CollabServer } = {};
  const auth = createAuth({
    db: deps.database.db,
    mailer: deps.mailer,
    tokens,
    secret: deps.secret,
    limits,
    now,
    removals,
    log: app.log,
    jobLeaseSeconds: config.jobLeaseSeconds,
    downloadTickets,
    // A deleted account's items are gone: every open editor of them closes.
    onAccountDeleted: () => live.collab?.accessChanged({ all: true }),
  });
  // Mails after the answers that queued them (decisions 029, 204), from every route.
  runMailQueue(app, auth.services.mailQueue);
  // Imports and the trash's purge (decision 133).
  const jobQueue = new JobQueue(deps.database.db, app.log, config.jobLeaseSeconds, { now });
  app.decorate('jobs', jobQueue);
  runJobQueue(app, jobQueue);

  // Request durations and the rest of GET /api/metrics; nothing at all without METRICS_TOKEN.
  const metrics = await registerMetrics(app, config.metricsToken, deps.database);
  if (metrics) copiedByZod = (route) => metrics.answerCopiedByZod(route);

  /* ---- routes ---- */
  registerRoutes(
    app,
    auth.guard,
    systemRoutes({
      database: deps.database,
      fileStorage,
      metrics,
      openapi: () => app.swagger(),
    }),
  );
  await app.register(authPlugin, { auth });
  const store = new LibraryStore(deps.database.db, now);
  const documents = new DocumentsService(store, now);
  const collab = new CollabServer({
    store,
    documents,
    authenticate: auth.userOfAccessToken,
    accountExists: (userId) => auth.services.account.exists(userId),
    redisUrl: config.redisUrl,
    redisPrefix: collabRedisPrefix(config.databaseUrl ?? config.dataDir),
    log: app.log,
    limits: deps.collabLimits,
  });
  live.collab = collab;
  collab.attach(app.server);
  // Sockets first: the HTTP server's close waits for its connections, and upgraded ones are not.
  app.addHook('preClose', async () => collab.close());
  await app.register(libraryPlugin, {
    store,
    documents,
    notices: collab,
    db: deps.database.db,
    guard: auth.guard,
    storage: fileStorage,
    removals,
    uploadMaxBytes: config.uploadMaxBytes,
    storageQuotaBytes: config.storageQuotaBytes,
    mailer: deps.mailer,
    mailQueue: auth.services.mailQueue,
    publicUrl: config.publicUrl,
    invitationMailsPerInviter: limits.invitationMailsPerInviter,
    now,
    downloadTickets,
    jobs: jobQueue,
    importMaxBytes: config.importMaxBytes,
    importWorker: config.importWorker,
    secret: deps.secret,
    followLimits: { ...DEFAULT_FOLLOW_LIMITS, ...deps.followLimits },
  });

  /* ---- the web app ---- */
  await webApp?.serve(app);
  return app;
}
