CREATE TABLE "collection_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"invited_by" integer,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_on" timestamp with time zone,
	CONSTRAINT "collection_members_role_check" CHECK ("collection_members"."role" in ('owner', 'editor', 'viewer')),
	CONSTRAINT "collection_members_status_check" CHECK ("collection_members"."status" in ('invited', 'active')),
	CONSTRAINT "collection_members_active_user_check" CHECK (("collection_members"."status" = 'active') = ("collection_members"."user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "collection_members" ADD CONSTRAINT "collection_members_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_members" ADD CONSTRAINT "collection_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_members" ADD CONSTRAINT "collection_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_members_collection_email_key" ON "collection_members" USING btree ("collection_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_members_collection_user_key" ON "collection_members" USING btree ("collection_id","user_id");--> statement-breakpoint
CREATE INDEX "collection_members_user_idx" ON "collection_members" USING btree ("user_id","collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_members_token_key" ON "collection_members" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "collection_members" ("collection_id", "user_id", "email", "role", "status", "created_on", "accepted_on")
SELECT c."id", c."user_id", u."email", 'owner', 'active', c."created_on", c."created_on"
FROM "collections" c JOIN "users" u ON u."id" = c."user_id";
