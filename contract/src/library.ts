import { z } from 'zod';
import { decodeListCursor, LIST_CURSOR_MAX, type CursorPart } from './cursor';
import {
  idQuerySchema,
  idSchema,
  isoDateSchema,
  metaDataSchema,
  nameTextSchema,
  pageQuerySchema,
  repeatable,
  textSchema,
} from './common';
import { COLLECTION_SCOPES, memberPreviewSchema, roleSchema, updatedBySchema } from './sharing';

export const COLLECTION_NAME_MAX = 200;
export const COLLECTION_DESCRIPTION_MAX = 5000;
export const CONTENT_TITLE_MAX = 120;
export const CONTENT_BODY_MAX = 1_000_000;
export const TAG_NAME_MAX = 50;
export const NOTE_TITLE_MAX = 200;
export const NOTE_CONTENT_MAX = 100_000;
export const NOTE_TAG_MAX = 50;

const required = { error: 'This field is required.' } as const;
const idList = z.array(idSchema).max(500, 'Too many items.');

export const tagRefSchema = z.object({ id: idSchema, name: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

/* ---------- tags ---------- */
export const tagSchema = z.object({
  id: idSchema,
  name: z.string(),
  user: idSchema,
  /** Uses of the tag (read-only): the owner's content items and collections carrying it. */
  usage_count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagNameSchema = nameTextSchema(required)
  .trim()
  .min(1, 'This field may not be blank.')
  .max(TAG_NAME_MAX, `Ensure this field has no more than ${TAG_NAME_MAX} characters.`);
export const tagCreateBodySchema = z.object({ name: tagNameSchema, user: idSchema.optional() });
export type TagCreateBody = z.input<typeof tagCreateBodySchema>;
export const tagPatchBodySchema = z.object({
  name: tagNameSchema.optional(),
  user: idSchema.optional(),
});
export type TagPatchBody = z.input<typeof tagPatchBodySchema>;
/** `POST …/tags/{id}/merge/`: every link of tag `id` moves to tag `into`, then `id` is deleted. */
export const tagMergeBodySchema = z.object({ into: idSchema });
export type TagMergeBody = z.input<typeof tagMergeBodySchema>;
export const tagListQuerySchema = pageQuerySchema.extend({
  user: idQuerySchema.optional(),
  name: nameTextSchema().trim().max(TAG_NAME_MAX).optional(),
});

/* ---------- files ---------- */
export const fileSchema = z.object({
  id: idSchema,
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  /**
   * Width and height in pixels of a raster image (PNG, JPEG, GIF, WebP, AVIF), read from its
   * bytes when it was uploaded; null for any other file (docs/api.md, "Files").
   */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** Download address, relative to the site: /api/collections/files/{id}/download/ */
  url: z.string(),
  /**
   * Whether the public pages of its item serve it (decision 230); false by default, even on a
   * public item. An item's cover is public.
   */
  is_public: z.boolean(),
  /** The content item the file is attached to, or null. */
  content: idSchema.nullable(),
  /** The collection the file belongs to itself (its Files & Attachments tab), or null. */
  collection: idSchema.nullable(),
  created_on: isoDateSchema,
  user: idSchema,
});
export type FileObject = z.infer<typeof fileSchema>;
/**
 * POST /api/collections/files/{id}/preview-link/: `url` is
 * `/api/collections/files/{id}/preview/?ticket=…`, good for 60 seconds and for that address only
 * (docs/auth.md, "Download tickets").
 */
export const filePreviewLinkSchema = z.object({ url: z.string() });
export type FilePreviewLink = z.infer<typeof filePreviewLinkSchema>;
/** `ticket`: a download ticket from the preview link, instead of the Authorization header. */
export const filePreviewQuerySchema = z.object({
  ticket: z.string().max(2000).optional(),
});
export const FILE_NAME_MAX = 255;
export const filePatchBodySchema = z.object({
  /** Attach to one of the caller's content items, or null to detach. */
  content: idSchema.nullable().optional(),
  /** Give to one of the caller's collections, or null to take it out. */
  collection: idSchema.nullable().optional(),
  name: nameTextSchema()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(FILE_NAME_MAX, `Ensure this field has no more than ${FILE_NAME_MAX} characters.`)
    .optional(),
  /** Serve it on its item's public pages (the item's owner or an editor). */
  is_public: z.boolean().optional(),
  user: idSchema.optional(),
});
export type FilePatchBody = z.input<typeof filePatchBodySchema>;
/** GET /api/collections/files/usage/: bytes of files the caller keeps, and how many they may. */
export const storageUsageSchema = z.object({
  used: z.number().int().nonnegative(),
  quota: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;
export const fileListQuerySchema = pageQuerySchema.extend({
  user: idQuerySchema.optional(),
  content: idQuerySchema.optional(),
  /** The collection's own files and those of its content items. */
  collection: idQuerySchema.optional(),
});

/* ---------- collections ---------- */
export const collectionSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  created_on: isoDateSchema,
  updated_on: isoDateSchema.nullable(),
  tags: z.array(idSchema),
  tags_named_list: z.array(tagRefSchema),
  meta_data: z.record(z.string(), z.unknown()),
  /** The owner's user id. */
  user: idSchema,
  /** The content items in it. */
  content_count: z.number().int(),
  /** The caller's role on it: `owner`, or the role it was shared with them with. */
  role: roleSchema,
  owner_name: z.string(),
  /** Everyone else who has accepted an invitation to it, and the first few of them. */
  member_count: z.number().int(),
  members_preview: z.array(memberPreviewSchema),
  /** Set while it is published to the web (docs/api.md, "Publishing"); null otherwise. */
  public_id: z.string().nullable(),
  /** `/p/{public_id}` while published; null otherwise. */
  public_url: z.string().nullable(),
  /** Whether its feed carries each public item's whole text, not an excerpt. */
  feed_full_text: z.boolean(),
});
export type Collection = z.infer<typeof collectionSchema>;
const collectionName = nameTextSchema(required)
  .trim()
  .min(1, 'This field may not be blank.')
  .max(
    COLLECTION_NAME_MAX,
    `Ensure this field has no more than ${COLLECTION_NAME_MAX} characters.`,
  );
const collectionDescription = textSchema().max(
  COLLECTION_DESCRIPTION_MAX,
  `Ensure this field has no more than ${COLLECTION_DESCRIPTION_MAX} characters.`,
);
export const collectionCreateBodySchema = z.object({
  name: collectionName,
  description: collectionDescription.default(''),
  is_active: z.boolean().default(true),
  is_public: z.boolean().default(true),
  tags: idList.default([]),
  meta_data: metaDataSchema.default({}),
  user: idSchema.optional(),
});
export type CollectionCreateBody = z.input<typeof collectionCreateBodySchema>;
export const collectionPatchBodySchema = z.object({
  name: collectionName.optional(),
  description: collectionDescription.optional(),
  is_active: z.boolean().optional(),
  is_public: z.boolean().optional(),
  feed_full_text: z.boolean().optional(),
  tags: idList.optional(),
  meta_data: metaDataSchema.optional(),
  user: idSchema.optional(),
});
export type CollectionPatchBody = z.input<typeof collectionPatchBodySchema>;
export const COLLECTION_ORDERINGS = ['-created_on', '-updated_on', 'name'] as const;
export type CollectionOrdering = (typeof COLLECTION_ORDERINGS)[number];

/**
 * `after`, the cursor a list's `next` link carries (docs/api.md, "Lists"; decision 264): base64url
 * characters here, and checked below against the parts the list's `ordering` sorts by.
 */
const afterCursorSchema = z
  .string()
  .max(LIST_CURSOR_MAX, 'Invalid cursor: follow the list’s next link as it is.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor: follow the list’s next link as it is.');

/** A list query whose `after` must be a cursor of its `ordering` (a 400 on `after` otherwise). */
const cursorFits =
  <O extends string>(parts: Record<O, readonly CursorPart[]>) =>
  (query: { after?: string; ordering: string }, ctx: z.RefinementCtx) => {
    if (query.after === undefined || !Object.hasOwn(parts, query.ordering)) return;
    const decoded = decodeListCursor(query.after, query.ordering, parts[query.ordering as O]);
    if ('problem' in decoded)
      ctx.addIssue({ code: 'custom', path: ['after'], message: decoded.problem });
  };

/** The sort key of a collection in each ordering, as its list's cursor holds it (decision 264). */
export const COLLECTION_CURSOR_PARTS: Record<CollectionOrdering, readonly CursorPart[]> = {
  '-created_on': ['id'],
  '-updated_on': ['timestamp', 'id'],
  name: ['text', 'id'],
};
export const collectionListQuerySchema = pageQuerySchema
  .extend({
    user: idQuerySchema.optional(),
    /** `mine` (default): your own; `shared`: shared with you; `all`: both. */
    scope: z
      .enum(COLLECTION_SCOPES, { error: `Choose one of: ${COLLECTION_SCOPES.join(', ')}.` })
      .default('mine'),
    ordering: z.enum(COLLECTION_ORDERINGS).default('-created_on'),
    after: afterCursorSchema.optional(),
  })
  .superRefine(cursorFits(COLLECTION_CURSOR_PARTS));

/* ---------- content items ---------- */
export const CONTENT_STATUSES = ['idea', 'scripting', 'recording', 'editing', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_ORDERINGS = [
  '-created_on',
  '-updated_on',
  'title',
  'publish_on',
  'position',
] as const;
export type ContentOrdering = (typeof CONTENT_ORDERINGS)[number];
/** The sort key of a content item in each ordering, as the list's cursor holds it (decision 264). */
export const CONTENT_CURSOR_PARTS: Record<ContentOrdering, readonly CursorPart[]> = {
  '-created_on': ['id'],
  '-updated_on': ['timestamp', 'id'],
  title: ['text', 'id'],
  publish_on: ['dayOrNull', 'id'],
  position: ['position', 'id'],
};
/** A calendar day, `YYYY-MM-DD`. */
export const dayStringSchema = z.iso.date('Enter a date as YYYY-MM-DD.');

/** The longest video a chapter may start in: 24 hours. */
export const CHAPTER_START_MAX = 24 * 3600;
export const CHAPTER_STARTS_MAX = 100;
/** A chapter's real start, measured after a recording (docs/api.md, "Chapters"). */
export const chapterStartSchema = z.object({
  title: textSchema(required).max(CONTENT_TITLE_MAX * 2),
  start: z.number().int().min(0).max(CHAPTER_START_MAX),
});
export type ChapterStartBody = z.infer<typeof chapterStartSchema>;

export const contentSchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  tags: z.array(idSchema),
  tags_named_list: z.array(tagRefSchema),
  /** The owner's collections the item sits in. */
  collections: z.array(idSchema),
  collections_named_list: z.array(tagRefSchema),
  files: z.array(fileSchema),
  meta_data: z.record(z.string(), z.unknown()),
  user: idSchema,
  status: z.enum(CONTENT_STATUSES),
  publish_on: z.string().nullable(),
  is_public: z.boolean(),
  /**
   * The version its public pages show (decision 229), or null while it is not public; "Update
   * public page" (`POST …/{id}/publish/`) replaces it with the current text.
   */
  published_version: idSchema.nullable(),
  /** A short summary for its public page, link previews and feeds. */
  summary: z.string(),
  /** The id of the image attachment shown as its cover on its public page, or null. */
  cover: idSchema.nullable(),
  /** Words of `content` with markdown syntax left out (read-only). */
  word_count: z.number().int(),
  /** Order inside its status column of the board. */
  position: z.number().int(),
  /** Chapters' real starts, by chapter title (docs/api.md, "Chapters"). */
  chapter_starts: z.array(z.object({ title: z.string(), start: z.number().int() })),
  created_on: isoDateSchema,
  updated_on: isoDateSchema.nullable(),
  /** Who changed it last. */
  updated_by: updatedBySchema,
  /** The caller's role on it: `owner`, or the best role of theirs on its collections. */
  role: roleSchema,
});
export type ContentItem = z.infer<typeof contentSchema>;
const contentTitle = textSchema(required)
  .trim()
  .min(1, 'This field may not be blank.')
  .max(CONTENT_TITLE_MAX, `Ensure this field has no more than ${CONTENT_TITLE_MAX} characters.`);
const contentBody = textSchema(required)
  .refine((text) => text.trim().length > 0, 'This field may not be blank.')
  .refine(
    (text) => text.length <= CONTENT_BODY_MAX,
    `Ensure this field has no more than ${CONTENT_BODY_MAX} characters.`,
  );
export const CONTENT_SUMMARY_MAX = 300;
const contentSummary = textSchema().max(
  CONTENT_SUMMARY_MAX,
  `Ensure this field has no more than ${CONTENT_SUMMARY_MAX} characters.`,
);
export const contentStatusSchema = z.enum(CONTENT_STATUSES, {
  error: `Choose one of: ${CONTENT_STATUSES.join(', ')}.`,
});
const contentPosition = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
export const contentCreateBodySchema = z.object({
  title: contentTitle,
  content: contentBody,
  tags: idList.default([]),
  collections: idList.default([]),
  /** Ids of already uploaded files to attach to the new item. */
  files: idList.default([]),
  meta_data: metaDataSchema.default({}),
  status: contentStatusSchema.default('idea'),
  publish_on: dayStringSchema.nullable().default(null),
  is_public: z.boolean().default(false),
  summary: contentSummary.default(''),
  /** Left out: the end of its status column. */
  position: contentPosition.optional(),
  user: idSchema.optional(),
});
export type ContentCreateBody = z.input<typeof contentCreateBodySchema>;
export const contentPatchBodySchema = z.object({
  title: contentTitle.optional(),
  content: contentBody.optional(),
  tags: idList.optional(),
  collections: idList.optional(),
  files: idList.optional(),
  meta_data: metaDataSchema.optional(),
  status: contentStatusSchema.optional(),
  publish_on: dayStringSchema.nullable().optional(),
  is_public: z.boolean().optional(),
  summary: contentSummary.optional(),
  /** One of its image files as its cover (which makes that file public), or null for none. */
  cover: idSchema.nullable().optional(),
  position: contentPosition.optional(),
  chapter_starts: z.array(chapterStartSchema).max(CHAPTER_STARTS_MAX).optional(),
  user: idSchema.optional(),
});
export type ContentPatchBody = z.input<typeof contentPatchBodySchema>;
export const contentListQuerySchema = pageQuerySchema
  .extend({
    user: idQuerySchema.optional(),
    /** Only items carrying this tag id. */
    tag: idQuerySchema.optional(),
    /** Only items in this collection. */
    collection: idQuerySchema.optional(),
    /**
     * Whose items: `mine` (your own), `shared` (others' items shared with you), `all` (both). Unset:
     * your own, or with `collection` every item of it you may read (decision 220).
     */
    scope: z.enum(COLLECTION_SCOPES, { error: 'Must be mine, shared or all.' }).optional(),
    status: repeatable(contentStatusSchema).optional(),
    is_public: z
      .enum(['true', 'false'], { error: 'Must be true or false.' })
      .transform((value) => value === 'true')
      .optional(),
    publish_on_after: dayStringSchema.optional(),
    publish_on_before: dayStringSchema.optional(),
    ordering: z.enum(CONTENT_ORDERINGS).default('-created_on'),
    /** The cursor of a `next` link: the page after that row (decision 264). */
    after: afterCursorSchema.optional(),
  })
  .superRefine(cursorFits(CONTENT_CURSOR_PARTS));

/* ---------- collection notes ---------- */
export const noteSchema = z.object({
  id: idSchema,
  collection: idSchema,
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  created_on: isoDateSchema,
  updated_on: isoDateSchema.nullable(),
  /** Who changed it last. */
  updated_by: updatedBySchema,
});
export type Note = z.infer<typeof noteSchema>;
const noteTitle = textSchema(required)
  .trim()
  .min(1, 'This field may not be blank.')
  .max(NOTE_TITLE_MAX, `Ensure this field has no more than ${NOTE_TITLE_MAX} characters.`);
const noteContent = textSchema(required)
  .refine((text) => text.trim().length > 0, 'This field may not be blank.')
  .refine(
    (text) => text.length <= NOTE_CONTENT_MAX,
    `Ensure this field has no more than ${NOTE_CONTENT_MAX} characters.`,
  );
const noteTags = z
  .array(nameTextSchema().trim().min(1, 'Tags may not be blank.').max(NOTE_TAG_MAX))
  .max(50, 'Too many tags.')
  .transform((tags) => [...new Set(tags)]);
export const noteCreateBodySchema = z.object({
  collection: idSchema.optional(),
  title: noteTitle,
  content: noteContent,
  tags: noteTags.default([]),
});
export type NoteCreateBody = z.input<typeof noteCreateBodySchema>;
export const notePatchBodySchema = z.object({
  title: noteTitle.optional(),
  content: noteContent.optional(),
  tags: noteTags.optional(),
});
export type NotePatchBody = z.input<typeof notePatchBodySchema>;
export const noteListQuerySchema = pageQuerySchema.extend({
  collection: idQuerySchema.optional(),
});
