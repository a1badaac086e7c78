/**
 * The rendered public answers of this process, by their ETag (decision 181): an ETag names one
 * version of one answer (public.service.ts, `etagOf`), so an entry never goes stale: a change of
 * the data gives another ETag, and the old entry is only ever evicted. That makes it safe on
 * many instances: each keeps its own, and none can serve what the database no longer says.
 *
 * Least recently used first out, bounded by entries and by characters (a rendered item may be
 * large); an answer bigger than `maxEntryChars` is never kept.
 */
export class PublicAnswerCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly maxChars = 8_000_000,
    private readonly maxEntryChars = 2_000_000,
  ) {}

  get(key: string): string | undefined {
    const body = this.entries.get(key);
    if (body === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, body);
    return body;
  }

  set(key: string, body: string): void {
    if (body.length > this.maxEntryChars) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.chars -= old.length;
    }
    this.entries.set(key, body);
    this.chars += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= value.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
