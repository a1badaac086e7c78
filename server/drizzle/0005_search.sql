ALTER TABLE "collections" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, left(description, 100000)), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, left(content, 100000)), 'B') || array_to_tsvector(ARRAY['~' || user_id::text])) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name) || to_tsvector('english'::regconfig, translate(name, '._-', '   ')), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, left(content, 100000)), 'B') || array_to_tsvector(ARRAY['~' || user_id::text])) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "collections_search_idx" ON "collections" USING gin ("search");--> statement-breakpoint
CREATE INDEX "contents_search_idx" ON "contents" USING gin ("search");--> statement-breakpoint
CREATE INDEX "files_search_idx" ON "files" USING gin ("search");--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tags_search_idx" ON "tags" USING gin ("search");