ALTER TABLE "collections" ADD COLUMN "public_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_public_id_idx" ON "collections" USING btree ("public_id");