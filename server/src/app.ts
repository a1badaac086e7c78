import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { LoggerOptions } from 'pino';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Mailer } from './mail/mailer';
import { DownloadTickets } from './auth/download-tickets';
import { TokenService } from './auth/tokens';
import { createAuthServices } from './auth/auth-services';
import { authRoutes } from './auth/auth.routes';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './auth/rate-limit';
import { createAuthGuard } from './http/auth-guard';
import { applyBodyLimits, SMALL_BODY_LIMIT } from './http/body-limits';
import { clientErrorHandler, frameworkErrors } from './http/client-errors';
import {
  AppError,
  errorBody,
  registerErrorHandling,
  sendErrorBody,
  sendRouteNotFound,
  unauthorized,
} from './http/errors';
import { registerJsonBodyReader } from './http/json-body';
import { errorForLog, requestForLog } from './http/log-serializers';
import { refuseMultipartWithoutBoundary } from './http/multipart';
import { registerResponseHeaders } from './http/response-headers';
import { answersSerializer } from './http/response-serializer';
import { registerRoutes } from './http/route-table';
import { registerMetrics } from './http/metrics';
import { defaultFileStorage, libraryPlugin } from './library/library.plugin';
import { publicNotFoundOf } from './library/publishing/public.routes';
import { JobQueue, runJobQueue } from './jobs/job-queue';
import { runMailQueue } from './mail/mail-queue';
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
  /** The process logger (pino); none in tests. */
  loggerInstance?: FastifyBaseLogger;
  /** The clock of codes, rate-limit windows and stored dates; tests move it forward. */
  now?: () => Date;
  /** Auth rate limits; the contract's defaults unless a test or bench changes some. */
  authLimits?: Partial<AuthLimits>;
  /**
   * Told the route pattern of every answer that carried a field its schema does not name (zod
   * stripped it; decision 178). The tests' apps fail on it; the metric counts it as well.
   */
  onAnswerCopiedByZod?: (route: string) => void;
  /** Live editing's limits; the contract's unless a test changes some. */
  collabLimits?: Partial<CollabLimits>;
}

export type App = FastifyInstance;

/**
 * One log line per request, at debug, when it has been answered (Fastify's own are two, at
 * info). The path only: query strings may carry what a log must not keep.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    request.log.debug(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}

/** The process logger's options: main.ts's pino, and the tests that read the log. */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  // Request logs without query strings; database errors by code and constraint only.
  serializers: { req: requestForLog, err: errorForLog },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.new_password',
      '*.current_password',
      '*.passwordHash',
      '*.password_hash',
      '*.otp',
      '*.codeHash',
      '*.refresh',
      '*.access',
      '*.token',
      '*.tokenHash',
    ],
    censor: '[redacted]',
  },
});

/** The whole HTTP application. Used by main.ts and by every integration test. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
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
    // Refusals before any route runs (431, 414, bad URLs) in the contract's error shape; under
    // /p/ and /api/public/ the public 404 instead (docs/api.md, "Publishing").
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => {
      const publicNotFound = publicNotFoundOf(request.url);
      if (publicNotFound) void publicNotFound(reply);
      else frameworkErrors(error, request, reply);
    },
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
  // Public addresses are only read: any other method under /p/ or /api/public/ gets the public
  // 404 at once, before a body is read (docs/api.md, "Publishing").
  app.addHook('onRequest', (request, reply, done) => {
    const publicNotFound =
      request.method === 'GET' || request.method === 'HEAD' ? null : publicNotFoundOf(request.url);
    if (publicNotFound) void publicNotFound(reply);
    else done();
  });

  /* ---- external plugins ---- */
  // helmet's security headers, its middleware built once (decision 174): @fastify/helmet built it
  // again on every request, parsing the CSP directives each time. Same options, same headers.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        objectSrc: ["'none'"],
        // Only the app's own answers in a frame: a PDF preview's ticketed address (decision 191).
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The product also runs on plain http (localhost, a LAN); never rewrite its requests.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS, by http/response-headers.ts.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet throws its errors since 8.1 and calls `next()` with nothing.
    securityHeaders(request.raw, reply.raw, () => done());
  });
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
  // Live co-editing (docs/api.md, "Writing together"): made before the services that tell it
  // about writes and access changes; it authenticates with the services made after it.
  const live: { collab?: CollabServer } = {};
  const authServices = createAuthServices({
    db: deps.database.db,
    mailer: deps.mailer,
    tokens,
    secret: deps.secret,
    limits,
    now,
    removals,
    log: app.log,
    // A deleted account's items are gone: every open editor of them closes.
    onAccountDeleted: () => live.collab?.accessChanged({ all: true }),
  });
  runMailQueue(app, authServices.mailQueue);
  // Imports and the trash's purge (decision 133).
  const jobQueue = new JobQueue(deps.database.db, app.log, config.jobLeaseSeconds);
  runJobQueue(app, jobQueue);

  // Request durations and the rest of GET /api/metrics; nothing at all without METRICS_TOKEN.
  const metrics = await registerMetrics(app, config.metricsToken, deps.database);
  if (metrics) copiedByZod = (route) => metrics.answerCopiedByZod(route);

  /* ---- routes ---- */
  // Download tickets (docs/auth.md): the export's link for the browser's own download.
  const downloadTickets = new DownloadTickets(deps.secret, now);
  const guard = createAuthGuard(tokens, downloadTickets, {
    exists: (userId) => authServices.account.exists(userId),
    sessionIsLive: (userId, familyId) => authServices.sessions.isLive(userId, familyId),
  });
  const unavailable = (reply: FastifyReply, message: string) =>
    sendErrorBody(reply, 503, { status: 'unavailable', ...errorBody(message, 'unavailable') });
  registerRoutes(app, guard, {
    'system.health': async (_request, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ok' as const };
      } catch {
        return unavailable(reply, 'The database is not answering.');
      }
    },
    // For a load balancer's health check: may this instance be sent requests (docs/operations.md)?
    'system.ready': async (request, reply) => {
      try {
        await deps.database.ping();
      } catch {
        return unavailable(reply, 'The database is not answering.');
      }
      try {
        await fileStorage.check();
      } catch (error) {
        request.log.warn({ err: error }, 'the file store is not answering');
        return unavailable(reply, 'The file store is not answering.');
      }
      return { status: 'ok' as const };
    },
    'system.metrics': async (request, reply) => {
      if (!metrics) return sendRouteNotFound(request, reply);
      if (!metrics.authorizes(request.headers.authorization)) throw unauthorized();
      void reply.type(metrics.contentType).header('cache-control', 'no-store');
      return metrics.text();
    },
    'system.openapi': async () => app.swagger(),
    // Upgrades never reach a route (CollabServer.attach takes them first): a plain GET is told.
    'collab.socket': async () => {
      throw new AppError(
        426,
        'upgrade_required',
        'Connect with a WebSocket: this is live co-editing (Hocuspocus protocol).',
        undefined,
        { upgrade: 'websocket' },
      );
    },
  });
  registerRoutes(app, guard, authRoutes(authServices));
  const store = new LibraryStore(deps.database.db, now);
  const documents = new DocumentsService(store, now);
  const collab = new CollabServer({
    store,
    documents,
    authenticate: async (token) => {
      const { userId } = await tokens.verifyAccess(token);
      if (!(await authServices.account.exists(userId))) throw new Error('no such account');
      return userId;
    },
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
    guard,
    storage: fileStorage,
    removals,
    uploadMaxBytes: config.uploadMaxBytes,
    storageQuotaBytes: config.storageQuotaBytes,
    mailer: deps.mailer,
    mailQueue: authServices.mailQueue,
    publicUrl: config.publicUrl,
    invitationMailsPerInviter: limits.invitationMailsPerInviter,
    now,
    downloadTickets,
    jobs: jobQueue,
    importMaxBytes: config.importMaxBytes,
    importWorker: config.importWorker,
  });

  /* ---- the web app ---- */
  const webDist = deps.webDistDir;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : null;
  if (webDist && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // web/scripts/precompress.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change; index.html always may.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      // Public pages are the server's: never the app shell.
      const publicNotFound = publicNotFoundOf(url);
      if (publicNotFound) return publicNotFound(reply);
      if (
        url.startsWith('/api/') ||
        url === '/api' ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return sendRouteNotFound(request, reply);
      }
      // Client routes fall back to the app shell; the web app draws its own 404 page.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler(
      (request, reply) =>
        publicNotFoundOf(request.url)?.(reply) ?? sendRouteNotFound(request, reply),
    );
  }

  return app;
}
