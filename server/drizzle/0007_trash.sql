CREATE TABLE "file_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deleted_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "deleted_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "deleted_on" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "collections_trash_idx" ON "collections" USING btree ("user_id","deleted_on") WHERE "collections"."deleted_on" is not null;--> statement-breakpoint
CREATE INDEX "collections_purge_idx" ON "collections" USING btree ("deleted_on") WHERE "collections"."deleted_on" is not null;--> statement-breakpoint
CREATE INDEX "contents_trash_idx" ON "contents" USING btree ("user_id","deleted_on") WHERE "contents"."deleted_on" is not null;--> statement-breakpoint
CREATE INDEX "contents_purge_idx" ON "contents" USING btree ("deleted_on") WHERE "contents"."deleted_on" is not null;--> statement-breakpoint
CREATE INDEX "notes_trash_idx" ON "notes" USING btree ("user_id","deleted_on") WHERE "notes"."deleted_on" is not null;--> statement-breakpoint
CREATE INDEX "notes_purge_idx" ON "notes" USING btree ("deleted_on") WHERE "notes"."deleted_on" is not null;