-- Collections made by an import before decision 217 have no owner row in collection_members
-- (the app writes one with every collection): give each the row the app would have written.
INSERT INTO "collection_members" ("collection_id", "user_id", "email", "role", "status", "created_on", "accepted_on")
SELECT c."id", c."user_id", u."email", 'owner', 'active', c."created_on", c."created_on"
FROM "collections" c JOIN "users" u ON u."id" = c."user_id"
WHERE NOT EXISTS (
  SELECT 1 FROM "collection_members" m WHERE m."collection_id" = c."id" AND m."user_id" = c."user_id"
);
