import type { Hocuspocus, onDisconnectPayload } from '@hocuspocus/server';

/** What a document connection carries: who opened which item (`REMOTE_CHANNELS`: a remote). */
export interface ConnectionContext {
  userId: number;
  contentId: number;
  /** A teleprompter remote channel's connection (decision 242), not an item's. */
  remote?: true;
}

/** Where a person's teleprompter remote channels are counted, all together: no item has id 0. */
export const REMOTE_CHANNELS = 0;

/**
 * Open document connections per person and item on this instance (docs/api.md, "Writing
 * together": at most `perDocument` to one item and `perPerson` in all).
 */
export class ConnectionCounts {
  private readonly connectionsOf = new Map<number, Map<number, number>>();

  constructor(
    private readonly hocuspocus: Hocuspocus,
    private readonly limits: { perDocument: number; perPerson: number },
  ) {}

  /** One more connection of `userId` to `contentId`, unless over the limits. */
  admit(userId: number, contentId: number): boolean {
    let counts = this.connectionsOf.get(userId);
    const total = () => [...(counts?.values() ?? [])].reduce((sum, n) => sum + n, 0);
    if (
      (counts?.get(contentId) ?? 0) >= this.limits.perDocument ||
      total() >= this.limits.perPerson
    ) {
      // Counted connections whose set-up failed never disconnect: count the open ones again.
      counts = this.recount(userId);
      if ((counts.get(contentId) ?? 0) >= this.limits.perDocument) return false;
      if (total() >= this.limits.perPerson) return false;
    }
    counts ??= new Map();
    this.connectionsOf.set(userId, counts);
    counts.set(contentId, (counts.get(contentId) ?? 0) + 1);
    return true;
  }

  private recount(userId: number): Map<number, number> {
    const counts = new Map<number, number>();
    for (const document of this.hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const context = connection.context as Partial<ConnectionContext>;
        if (context.userId !== userId || context.contentId === undefined) continue;
        counts.set(context.contentId, (counts.get(context.contentId) ?? 0) + 1);
      }
    }
    this.connectionsOf.set(userId, counts);
    return counts;
  }

  disconnected({ context }: onDisconnectPayload): void {
    const { userId, contentId } = context as Partial<ConnectionContext>;
    if (userId === undefined || contentId === undefined) return;
    const counts = this.connectionsOf.get(userId);
    const count = counts?.get(contentId) ?? 0;
    if (!counts) return;
    if (count <= 1) counts.delete(contentId);
    else counts.set(contentId, count - 1);
    if (counts.size === 0) this.connectionsOf.delete(userId);
  }
}
