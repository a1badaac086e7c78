CREATE TABLE "content_links" (
	"source_id" integer NOT NULL,
	"target_text" text NOT NULL,
	"target_id" integer,
	CONSTRAINT "content_links_source_id_target_text_pk" PRIMARY KEY("source_id","target_text")
);
--> statement-breakpoint
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_source_id_contents_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_target_id_contents_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_links_target_idx" ON "content_links" USING btree ("target_id","source_id");--> statement-breakpoint
CREATE INDEX "content_links_missing_idx" ON "content_links" USING btree ("target_text") WHERE "content_links"."target_id" is null;--> statement-breakpoint
CREATE INDEX "contents_lower_title_idx" ON "contents" USING btree (lower("title"));