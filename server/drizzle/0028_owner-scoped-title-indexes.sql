-- A title's vector with every lexeme scoped to its owner, and a query scoped the same way
-- (decision 270): `'12 camera':2A` for user 12's `'camera':2A`. Positions and weights stay, so a
-- phrase and the rank read the same as on `title_search`; a prefix `'12 cam':*` finds only user
-- 12's lexemes. Every lexeme of a tsvector's or a tsquery's text is a single-quoted string (a
-- quote inside doubled), which the expression prefixes.
CREATE FUNCTION owner_scoped_vector(vector tsvector, owner integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(vector::text, '''((?:[^'']|'''')*)''', '''' || owner::text || ' \1''', 'g')::tsvector $$;--> statement-breakpoint
CREATE FUNCTION owner_scoped_query(query tsquery, owner integer) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''' || owner::text || ' \1''', 'g')::tsquery $$;--> statement-breakpoint
DROP INDEX "contents_live_title_owner_idx";--> statement-breakpoint
DROP INDEX "notes_live_title_owner_idx";--> statement-breakpoint
CREATE INDEX "contents_live_owner_title_idx" ON "contents" USING gin (owner_scoped_vector("title_search", "user_id")) WHERE "contents"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "notes_live_owner_title_idx" ON "notes" USING gin (owner_scoped_vector("title_search", "user_id")) WHERE "notes"."deleted_on" is null;
