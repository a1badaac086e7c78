/** A figure, or why it could not be taken (an endpoint not built yet, a failed start). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };
