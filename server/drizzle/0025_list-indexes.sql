DROP INDEX "tags_user_id_idx";--> statement-breakpoint
DROP INDEX "files_user_id_idx";--> statement-breakpoint
DROP INDEX "notes_user_id_idx";--> statement-breakpoint
CREATE INDEX "collections_live_user_id_idx" ON "collections" USING btree ("user_id","id" DESC NULLS FIRST) WHERE "collections"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "collections_live_user_changed_idx" ON "collections" USING btree ("user_id",coalesce("updated_on", "created_on") desc,"id" DESC NULLS FIRST) WHERE "collections"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "collections_live_user_name_idx" ON "collections" USING btree ("user_id",lower("name"),"id") WHERE "collections"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "tags_user_id_idx" ON "tags" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "files_user_id_idx" ON "files" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notes_user_id_idx" ON "notes" USING btree ("user_id","id" DESC NULLS FIRST);