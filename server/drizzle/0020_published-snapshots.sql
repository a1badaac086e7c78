ALTER TABLE "collections" ADD COLUMN "feed_full_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "published_version_id" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "cover_file_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_published_version_id_content_versions_id_fk" FOREIGN KEY ("published_version_id") REFERENCES "public"."content_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 229: what a public item shows is a version marked published. Each item public today
-- shows its current text, kept now as its published version.
WITH kept AS (
  INSERT INTO "content_versions" ("content_id", "label", "title", "content", "word_count", "created_on")
  SELECT "id", 'Published', "title", "content", coalesce("word_count", 0), now()
  FROM "contents" WHERE "is_public"
  RETURNING "id", "content_id"
)
UPDATE "contents" SET "published_version_id" = kept."id" FROM kept WHERE "contents"."id" = kept."content_id";--> statement-breakpoint
-- Decision 230: files are private unless marked public. The pictures that the text of a public
-- item shows from its own files stay public, so published pages keep working.
UPDATE "files" SET "is_public" = true
FROM "contents"
WHERE "files"."content_id" = "contents"."id" AND "contents"."is_public"
  AND position(('/api/collections/files/' || "files"."id"::text || '/download') in "contents"."content") > 0;
