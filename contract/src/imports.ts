import { z } from 'zod';

/** An import's progress and outcome (docs/api.md, "Import"). */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const importJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows and files written so far, of `total` (0 until the archive is read). */
  processed: z.number().int(),
  total: z.number().int(),
  created: z.object({
    collections: z.number().int(),
    content: z.number().int(),
    notes: z.number().int(),
    tags: z.number().int(),
    files: z.number().int(),
  }),
  /**
   * Importing an archive again (docs/api.md, "Import"): items it had brought in whose file
   * changed, updated; collections, notes and items unchanged, skipped. 0 on a first import.
   */
  updated: z.number().int(),
  skipped: z.number().int(),
  /** What could not be taken as it was, by archive path ('' for the archive as a whole). */
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/**
 * A link that downloads the export without the Authorization header (docs/api.md, "Export"):
 * `url` is `/api/export/?ticket=…`, good for EXPORT_TICKET_TTL_SECONDS.
 */
export const EXPORT_TICKET_TTL_SECONDS = 60;
export const exportLinkSchema = z.object({ url: z.string() });
export type ExportLink = z.infer<typeof exportLinkSchema>;

/** `ticket`: a download ticket from POST /api/export/link/, instead of the Authorization header. */
export const exportDownloadQuerySchema = z.object({
  ticket: z.string().max(2000).optional(),
});
