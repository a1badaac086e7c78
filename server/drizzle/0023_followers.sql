CREATE TABLE "collection_followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"email" text NOT NULL,
	"email_hash" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"confirm_sent_on" timestamp with time zone,
	"confirmed_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "follower_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_follower_id" integer DEFAULT 0 NOT NULL,
	"done_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collection_followers" ADD CONSTRAINT "collection_followers_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_announcements" ADD CONSTRAINT "follower_announcements_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_announcements" ADD CONSTRAINT "follower_announcements_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_followers_address_idx" ON "collection_followers" USING btree ("collection_id","email_hash");--> statement-breakpoint
CREATE INDEX "collection_followers_confirmed_idx" ON "collection_followers" USING btree ("collection_id","id") WHERE "collection_followers"."confirmed_on" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follower_announcements_item_idx" ON "follower_announcements" USING btree ("collection_id","content_id");