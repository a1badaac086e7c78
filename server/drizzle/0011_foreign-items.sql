ALTER TABLE "content_collections" ADD COLUMN "foreign_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "content_collections_foreign_idx" ON "content_collections" USING btree ("collection_id","content_id") WHERE "content_collections"."foreign_owner";--> statement-breakpoint
-- Hand-written (decision 112): the database sets foreign_owner on every insert, from the
-- item's and the collection's owner (neither ever changes), so no write path can forget it.
CREATE FUNCTION "content_collections_foreign_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.foreign_owner := coalesce((SELECT item.user_id <> c.user_id FROM contents item, collections c WHERE item.id = NEW.content_id AND c.id = NEW.collection_id), false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_collections_foreign_owner" BEFORE INSERT OR UPDATE ON "content_collections" FOR EACH ROW EXECUTE FUNCTION "content_collections_foreign_owner"();--> statement-breakpoint
UPDATE "content_collections" SET "foreign_owner" = true FROM "contents" item, "collections" c WHERE item.id = "content_collections"."content_id" AND c.id = "content_collections"."collection_id" AND item.user_id <> c.user_id;
