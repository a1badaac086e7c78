import { z } from 'zod';

/** Every error answer of the API (docs/api.md §1). `message` and `detail` hold the same sentence. */
export const apiErrorSchema = z.object({
  message: z.string(),
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** Database ids are positive integers. Path params arrive as strings. */
export const idSchema = z.number().int().positive();
export const idParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const isoDateSchema = z.string().describe('ISO 8601 date-time in UTC');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const MAX_META_DATA_BYTES = 16 * 1024;
/** `meta_data`: a JSON object, at most 16 KiB serialized (docs/api.md §3). */
export const metaDataSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= MAX_META_DATA_BYTES, {
    message: 'Must be at most 16 KiB when serialized.',
  });
