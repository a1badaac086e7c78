import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What every instance must hear about shared documents (docs/api.md, "Writing together"): a
 * REST write of an item's text, or a change of who may open which items. With REDIS_URL the
 * events pass through Redis to every instance (this one included); without it, one instance
 * hears its own.
 */
export type CollabEvent =
  /** Item `contentId`'s stored document changed outside the socket: reload it. */
  | { kind: 'text'; contentId: number }
  /** Access may have changed for these people, items, or everyone: check open connections. */
  | { kind: 'access'; users?: number[]; contents?: number[]; all?: boolean };

/** What the library tells live editing (CollabServer), after its transaction commits. */
export interface CollabNotices {
  /** Item `contentId`'s text was written outside the socket (a REST save or a restore). */
  textChanged(contentId: number): void;
  /** Who may open which items may have changed (a membership, the trash, a deleted account). */
  accessChanged(scope: { users?: number[]; contents?: number[]; all?: boolean }): void;
}

export interface CollabBus {
  publish(event: CollabEvent): void;
  subscribe(listener: (event: CollabEvent) => void): void;
  close(): Promise<void>;
}

export function localBus(): CollabBus {
  const emitter = new EventEmitter();
  return {
    publish(event) {
      queueMicrotask(() => emitter.emit('event', event));
    },
    subscribe(listener) {
      emitter.on('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function redisBus(url: string, channel: string, log: FastifyBaseLogger): CollabBus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false });
  const listeners: ((event: CollabEvent) => void)[] = [];
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => log.warn({ err }, 'redis: the collaboration bus'));
  }
  void sub.subscribe(channel).catch((err: unknown) => log.error({ err }, 'redis: subscribe'));
  sub.on('message', (_channel: string, message: string) => {
    let event: CollabEvent;
    try {
      event = JSON.parse(message) as CollabEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    publish(event) {
      pub
        .publish(channel, JSON.stringify(event))
        .catch((err: unknown) => log.error({ err }, 'redis: publish'));
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      sub.disconnect(false);
      await pub.quit().catch(() => undefined);
    },
  };
}

/**
 * What this deployment's keys and channels in Redis start with: instances of one database share
 * it, and two deployments (or test runs) on one Redis never hear each other.
 */
export const collabRedisPrefix = (databaseIdentity: string): string =>
  `cw:${createHash('sha256').update(databaseIdentity).digest('hex').slice(0, 16)}`;
