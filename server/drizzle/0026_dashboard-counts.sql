CREATE TABLE "content_status_counts" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "content_status_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
ALTER TABLE "content_status_counts" ADD CONSTRAINT "content_status_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_live_user_publish_on_idx" ON "contents" USING btree ("user_id","publish_on","id") WHERE "contents"."deleted_on" is null;--> statement-breakpoint
-- Hand-written (decision 265): the database keeps content_status_counts, a person's live items
-- per status, from every statement that writes contents (as decision 112's trigger keeps
-- foreign_owner), so no write path, import, purge or seed can forget it. Each statement adds its
-- net change per (person, status), in key order, so two writers of one person lock the same rows
-- in the same order. A deletion only lowers existing rows: deleting a person cascades to their
-- items and to their counts, in either order.
CREATE FUNCTION "content_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "content_status_counts" c SET "items" = c."items" - gone.n
    FROM (SELECT "user_id", "status", count(*)::int AS n FROM old_rows
          WHERE "deleted_on" IS NULL GROUP BY 1, 2) gone
    WHERE c."user_id" = gone."user_id" AND c."status" = gone."status";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "content_status_counts" AS c ("user_id", "status", "items")
    SELECT "user_id", "status", count(*)::int FROM new_rows WHERE "deleted_on" IS NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("user_id", "status") DO UPDATE SET "items" = c."items" + excluded."items";
  ELSE
    INSERT INTO "content_status_counts" AS c ("user_id", "status", "items")
    SELECT "user_id", "status", sum(n)::int FROM (
      SELECT "user_id", "status", 1 AS n FROM new_rows WHERE "deleted_on" IS NULL
      UNION ALL
      SELECT "user_id", "status", -1 AS n FROM old_rows WHERE "deleted_on" IS NULL
    ) change GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT ("user_id", "status") DO UPDATE SET "items" = c."items" + excluded."items";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_status_counts_insert" AFTER INSERT ON "contents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_status_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "content_status_counts_update" AFTER UPDATE ON "contents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_status_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "content_status_counts_delete" AFTER DELETE ON "contents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_status_counts_apply"();--> statement-breakpoint
INSERT INTO "content_status_counts" ("user_id", "status", "items")
SELECT "user_id", "status", count(*)::int FROM "contents" WHERE "deleted_on" IS NULL GROUP BY 1, 2;
