CREATE TABLE "content_collections" (
	"content_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	CONSTRAINT "content_collections_content_id_collection_id_pk" PRIMARY KEY("content_id","collection_id")
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "status" text DEFAULT 'idea' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "publish_on" date;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "word_count" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "collection_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "words_per_minute" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_collections" ADD CONSTRAINT "content_collections_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_collections" ADD CONSTRAINT "content_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_collections_collection_idx" ON "content_collections" USING btree ("collection_id","content_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_user_status_position_idx" ON "contents" USING btree ("user_id","status","position");--> statement-breakpoint
CREATE INDEX "contents_user_publish_on_idx" ON "contents" USING btree ("user_id","publish_on");--> statement-breakpoint
CREATE INDEX "files_collection_idx" ON "files" USING btree ("collection_id");--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_status_check" CHECK ("contents"."status" in ('idea', 'scripting', 'recording', 'editing', 'published'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_words_per_minute_check" CHECK ("users"."words_per_minute" between 60 and 250);