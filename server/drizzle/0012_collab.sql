CREATE TABLE "content_document_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_document_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"content_id" integer NOT NULL,
	"update" "bytea" NOT NULL,
	"user_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_documents" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"updated_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_document_updates" ADD CONSTRAINT "content_document_updates_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_document_updates" ADD CONSTRAINT "content_document_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_document_updates_content_idx" ON "content_document_updates" USING btree ("content_id","id");