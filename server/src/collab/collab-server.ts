import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import * as Y from 'yjs';
import { Redis as RedisClient } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  Connection,
  Hocuspocus,
  type Document,
  type Extension,
  type beforeHandleMessagePayload,
  type onAuthenticatePayload,
  type onChangePayload,
  type onLoadDocumentPayload,
} from '@hocuspocus/server';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import type { FastifyBaseLogger } from 'fastify';
import { can } from '../policy/library.policy';
import type { LibraryStore } from '../library/library-store';
import {
  localBus,
  redisBus,
  type CollabBus,
  type CollabEvent,
  type CollabNotices,
} from './collab-bus';
import {
  RefusedUpdate,
  TEXT_NAME,
  checkUpdate,
  contentIdOf,
  documentNameOf,
  remoteUserOf,
} from './documents';
import { ConnectionCounts, REMOTE_CHANNELS, type ConnectionContext } from './connection-counts';
import { refuseUpgrade, syncUpdateOf, watchSocket } from './socket-rules';
import { DocumentsRepository } from './documents.repository';
import { COLLAB_PATH, DEFAULT_COLLAB_LIMITS, REFUSAL, type CollabLimits } from './collab-limits';
import type { DocumentsService } from './documents.service';

export { COLLAB_PATH, DEFAULT_COLLAB_LIMITS, REFUSAL, type CollabLimits } from './collab-limits';

/** What the server itself writes into a live document: never stored again, never settled. */
const STORED_ORIGIN = 'cw:stored';

export interface CollabDeps {
  store: LibraryStore;
  documents: DocumentsService;
  /** The user id of a valid access token of a live account; throws otherwise. */
  authenticate(token: string): Promise<number>;
  /** Whether the account still exists (a teleprompter remote outlives no account). */
  accountExists(userId: number): Promise<boolean>;
  redisUrl: string | undefined;
  /** Keys and channels in Redis start with it: instances of one database share it. */
  redisPrefix: string;
  log: FastifyBaseLogger;
  limits?: Partial<CollabLimits>;
}

/**
 * Live co-editing (docs/api.md, "Writing together"; decision 187): Hocuspocus on the app's own
 * HTTP server at /api/collab. Who may open a document is the library's policy, checked on
 * connect and again whenever access may have changed; every update is checked and stored before
 * it is applied and acknowledged; the item's text follows the document (DocumentsService.settle).
 */
export class CollabServer implements CollabNotices {
  readonly hocuspocus: Hocuspocus;
  private readonly limits: CollabLimits;
  private readonly sockets: WebSocketServer;
  private readonly bus: CollabBus;
  private readonly counts: ConnectionCounts;
  private readonly settling = new Map<number, SettleTimer>();
  /** Each connection's messages are checked and stored one after another. */
  private readonly queues = new WeakMap<Connection, Promise<unknown>>();
  private closing = false;

  constructor(private readonly deps: CollabDeps) {
    this.limits = { ...DEFAULT_COLLAB_LIMITS, ...deps.limits };
    this.sockets = new WebSocketServer({
      noServer: true,
      maxPayload: this.limits.messageBytes,
      perMessageDeflate: false,
    });
    const extensions: Extension[] = [];
    if (deps.redisUrl) {
      const url = deps.redisUrl;
      extensions.push(
        new RedisExtension({
          createClient: () => {
            const client = new RedisClient(url);
            client.on('error', (err: unknown) => deps.log.warn({ err }, 'redis: collaboration'));
            return client;
          },
          prefix: `${deps.redisPrefix}:doc`,
        }),
      );
    }
    this.bus = deps.redisUrl
      ? redisBus(deps.redisUrl, `${deps.redisPrefix}:events`, deps.log)
      : localBus();
    this.bus.subscribe((event) => void this.hear(event));
    this.hocuspocus = new Hocuspocus({
      quiet: true,
      extensions,
      onAuthenticate: (payload) => this.authenticate(payload),
      onLoadDocument: (payload) => this.load(payload),
      beforeHandleMessage: (payload) => this.inOrder(payload),
      onChange: async (payload) => this.changed(payload),
      onDisconnect: async (payload) => this.counts.disconnected(payload),
      afterUnloadDocument: async ({ documentName }) => {
        const contentId = contentIdOf(documentName);
        if (contentId !== null) await this.settleNow(contentId);
      },
    });
    this.counts = new ConnectionCounts(this.hocuspocus, this.limits);
  }

  /** Takes WebSocket upgrades of COLLAB_PATH on `server`; any other upgrade is a 404. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      const path = (request.url ?? '').split('?')[0];
      if (path !== COLLAB_PATH && path !== `${COLLAB_PATH}/`) {
        refuseUpgrade(socket, 404, 'Not Found');
        return;
      }
      if (this.closing) {
        refuseUpgrade(socket, 503, 'Service Unavailable');
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => {
        watchSocket(ws, (socket, name) => this.isOpen(socket, name));
        this.hocuspocus.handleConnection(ws, request);
      });
    });
  }

  /** The item's text was written outside the socket (REST): every instance reloads it. */
  textChanged(contentId: number): void {
    this.bus.publish({ kind: 'text', contentId });
  }

  /** Who may open what may have changed: every instance checks its open connections. */
  accessChanged(scope: { users?: number[]; contents?: number[]; all?: boolean }): void {
    this.bus.publish({ kind: 'access', ...scope });
  }

  /** Closes every connection, settles every document, and lets go of Redis. */
  async close(): Promise<void> {
    this.closing = true;
    this.hocuspocus.closeConnections();
    for (const ws of this.sockets.clients) ws.terminate();
    const pending = [...this.settling.keys()].map((contentId) => this.settleNow(contentId));
    await Promise.allSettled(pending);
    await this.bus.close();
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
    this.sockets.close();
  }

  /** Whether `ws` has `name` open (authenticated). */
  private isOpen(ws: WebSocket, name: string): boolean {
    const document = this.hocuspocus.documents.get(name);
    if (!document) return false;
    for (const connection of document.getConnections()) {
      if (connection.webSocket === ws) return true;
    }
    return false;
  }

  private async authenticate({
    token,
    documentName,
    connectionConfig,
  }: onAuthenticatePayload): Promise<ConnectionContext> {
    const contentId = contentIdOf(documentName);
    const remoteOf = remoteUserOf(documentName);
    if (contentId === null && remoteOf === null) throw REFUSAL.notFound;
    let userId: number;
    try {
      userId = await this.deps.authenticate(token);
    } catch {
      throw REFUSAL.unauthorized;
    }
    if (contentId === null) {
      // A teleprompter remote (decision 242): the person's own channels only, and no text in
      // them, so nothing a client sends but presence is ever applied.
      if (remoteOf !== userId) throw REFUSAL.notFound;
      if (!this.counts.admit(userId, REMOTE_CHANNELS)) throw REFUSAL.tooMany;
      connectionConfig.readOnly = true;
      return { userId, contentId: REMOTE_CHANNELS, remote: true };
    }
    const access = await this.deps.store.repos.access.onContent(
      { userId, sessionFamilyId: undefined },
      contentId,
    );
    if (!access) throw REFUSAL.notFound;
    // Counted after the last await, so a burst of connections cannot pass the limit together.
    if (!this.counts.admit(userId, contentId)) throw REFUSAL.tooMany;
    connectionConfig.readOnly = !can(access.role, 'write');
    return { userId, contentId };
  }

  private async load({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    if (remoteUserOf(documentName) !== null) return;
    const contentId = contentIdOf(documentName);
    const stored = contentId === null ? undefined : await this.deps.documents.open(contentId);
    if (!stored) throw REFUSAL.notFound;
    Y.applyUpdate(document, Y.encodeStateAsUpdate(stored), STORED_ORIGIN);
    // Updates stored but never settled (a crash between the two) bring the item's text up to
    // the document now, not at the next edit.
    if (contentId !== null) void this.settleNow(contentId);
  }

  /**
   * Each connection's messages are checked and stored in the order they came, each against the
   * document with the one before it applied: Hocuspocus applies a message a few promise steps
   * after its check resolves, so the next check waits a turn of the event loop. Checked at once,
   * an edit typed right after another would name items the document does not hold yet.
   */
  private inOrder(payload: beforeHandleMessagePayload): Promise<void> {
    const previous = this.queues.get(payload.connection) ?? Promise.resolve();
    const applied = () => new Promise<void>((resolve) => setImmediate(resolve));
    const next = previous.then(applied, applied).then(() => this.beforeMessage(payload));
    this.queues.set(payload.connection, next);
    return next;
  }

  /**
   * An update (a sync step 2 or an update) from a client that may write is checked against the
   * document and stored before Hocuspocus applies and acknowledges it; a viewer's is left to
   * Hocuspocus, which drops it. A refused update closes the socket with its code.
   */
  private async beforeMessage({
    connection,
    update: data,
    document,
    context,
  }: beforeHandleMessagePayload): Promise<void> {
    const { userId, contentId } = context as ConnectionContext;
    let update: Uint8Array | null;
    try {
      update = syncUpdateOf(data);
      if (!update || connection.readOnly) return;
      checkUpdate(document, update, document.getText(TEXT_NAME).length);
    } catch (error) {
      if (error instanceof RefusedUpdate) {
        connection.webSocket.close(error.code, error.reason);
        throw { code: error.code, reason: error.reason };
      }
      throw error;
    }
    await this.deps.documents.append(contentId, update, userId);
  }

  /** A client's change: the item's text follows within settleMaxDelayMs. */
  private changed({ documentName, transactionOrigin }: onChangePayload): void {
    if (!(transactionOrigin instanceof Connection)) return;
    const contentId = contentIdOf(documentName);
    if (contentId === null) return;
    const now = Date.now();
    const timer = this.settling.get(contentId);
    const firstAt = timer?.firstAt ?? now;
    if (timer) clearTimeout(timer.handle);
    const delay = Math.min(this.limits.settleDelayMs, firstAt + this.limits.settleMaxDelayMs - now);
    const handle = setTimeout(() => void this.settleNow(contentId), Math.max(0, delay));
    this.settling.set(contentId, { handle, firstAt });
  }

  private settleNow(contentId: number): Promise<void> {
    const timer = this.settling.get(contentId);
    if (timer) clearTimeout(timer.handle);
    this.settling.delete(contentId);
    return this.deps.documents.settle(contentId).then(
      () => undefined,
      (err: unknown) => this.deps.log.error({ err, contentId }, 'collab: settling a document'),
    );
  }

  private async hear(event: CollabEvent): Promise<void> {
    try {
      if (event.kind === 'text') await this.reload(event.contentId);
      else await this.recheck(event);
    } catch (err) {
      this.deps.log.error({ err, event }, 'collab: an event');
    }
  }

  /** What the database holds of the document and this instance lacks, applied (and sent on). */
  private async reload(contentId: number): Promise<void> {
    const document = this.hocuspocus.documents.get(documentNameOf(contentId));
    if (!document) return;
    const stored = await this.deps.store.repos.documents.load(contentId);
    if (!stored) return;
    const fresh = DocumentsRepository.documentOf(stored);
    const missing = Y.encodeStateAsUpdate(fresh, Y.encodeStateVector(document));
    Y.applyUpdate(document, missing, STORED_ORIGIN);
  }

  /** Closes the connections that lost access; a new role applies to the open ones at once. */
  private async recheck(scope: Extract<CollabEvent, { kind: 'access' }>): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const document of this.hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const { userId, contentId, remote } = connection.context as Partial<ConnectionContext>;
        if (userId === undefined || contentId === undefined) continue;
        if (remote) {
          if (scope.all === true || (scope.users?.includes(userId) ?? false)) {
            checks.push(this.checkRemote(connection, userId));
          }
          continue;
        }
        const concerned =
          scope.all === true ||
          (scope.users?.includes(userId) ?? false) ||
          (scope.contents?.includes(contentId) ?? false);
        if (concerned) checks.push(this.check(document, connection, userId, contentId));
      }
    }
    await Promise.all(checks);
  }

  /** A remote channel closes with its account. */
  private async checkRemote(connection: Connection, userId: number): Promise<void> {
    if (!(await this.deps.accountExists(userId))) connection.close(REFUSAL.forbidden);
  }

  private async check(
    document: Document,
    connection: Connection,
    userId: number,
    contentId: number,
  ): Promise<void> {
    const access = await this.deps.store.repos.access.onContent(
      { userId, sessionFamilyId: undefined },
      contentId,
    );
    if (!access) {
      connection.close(REFUSAL.forbidden);
      return;
    }
    connection.readOnly = !can(access.role, 'write');
    void document;
  }
}

interface SettleTimer {
  handle: NodeJS.Timeout;
  firstAt: number;
}
