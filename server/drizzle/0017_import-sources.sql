ALTER TABLE "collections" ADD COLUMN "import_source" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "import_source" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "import_hash" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "import_source" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "import_source" text;--> statement-breakpoint
CREATE INDEX "contents_user_import_source_idx" ON "contents" USING btree ("user_id","import_source") WHERE "contents"."import_source" is not null;