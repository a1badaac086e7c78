/** The collaboration socket's path (docs/api.md, "Writing together"). */
export const COLLAB_PATH = '/api/collab';

/** Limits of docs/api.md, "Writing together". */
export interface CollabLimits {
  /** Largest message; a larger one closes the socket with 1009. */
  messageBytes: number;
  /** Open connections of one person to one document, and to all of them (per instance). */
  perDocument: number;
  perPerson: number;
  /** After the last change, how long before the item's text is settled; and at most. */
  settleDelayMs: number;
  settleMaxDelayMs: number;
}

export const DEFAULT_COLLAB_LIMITS: CollabLimits = {
  messageBytes: 1024 * 1024,
  perDocument: 50,
  perPerson: 500,
  settleDelayMs: 300,
  settleMaxDelayMs: 1000,
};

/** Why a document connection is refused or closed: the reason the client's provider is told. */
export const REFUSAL = {
  unauthorized: { reason: 'unauthorized' },
  notFound: { reason: 'not-found' },
  tooMany: { reason: 'too-many-connections' },
  forbidden: { code: 4403, reason: 'forbidden' },
} as const;
