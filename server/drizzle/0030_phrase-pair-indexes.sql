-- The adjacent word pairs of a search vector, and its owner (decision 273): for every position p,
-- each lexeme at p with each lexeme at p + 1, as `'<a> <b>'`, no positions, and the owner's lexeme
-- `'~<owner>'` (as in `search`). A phrase `a <-> b <-> c` can only match a vector holding the
-- pairs `a b` and `b c`, so a GIN index of them, asked for `'a b' & 'b c' & '~<caller>'`, gives
-- the caller's rows a phrase is tested on. Derived from the vector's own positions, so the pairs
-- are exactly the adjacencies the phrase test reads (the owner's lexeme has no position and pairs
-- with nothing; a pair has a space, which the owner's lexeme has not). A pair of words over 1,000
-- bytes together is left out on both sides (a tsvector lexeme is at most 2,047 bytes). About
-- 0.6 ms for a vector of 750 words: COST tells the planner to read the index, not compute it.
CREATE FUNCTION owner_pairs(vector tsvector, owner integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$ SELECT array_to_tsvector(array_append(coalesce(array_agg(a.lexeme || ' ' || b.lexeme), '{}'::text[]), '~' || owner::text))
    FROM (SELECT l.lexeme, p FROM unnest(vector) l, unnest(l.positions) p) a
    JOIN (SELECT l.lexeme, p FROM unnest(vector) l, unnest(l.positions) p) b ON b.p = a.p + 1
    WHERE octet_length(a.lexeme) + octet_length(b.lexeme) <= 1000 $$;--> statement-breakpoint
-- The query side: the AND of every pair of the given phrases, each parsed as the indexed text is
-- ('english'); null when they hold no pair (one word, or words only separated by stop words).
-- Quotes and backslashes are escaped as a tsquery's text needs.
CREATE FUNCTION phrase_pairs(phrases text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT string_agg('''' || replace(replace(pair, '\', '\\'), '''', '''''') || '''', ' & ')::tsquery
    FROM (SELECT DISTINCT unnest(tsvector_to_array(owner_pairs(to_tsvector('english'::regconfig, phrase), 0))) AS pair
          FROM unnest(phrases) phrase) pairs
    WHERE pair <> '~0' $$;--> statement-breakpoint
CREATE INDEX "contents_live_owner_pairs_idx" ON "contents" USING gin (owner_pairs("search", "user_id")) WHERE "contents"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "notes_live_owner_pairs_idx" ON "notes" USING gin (owner_pairs("search", "user_id")) WHERE "notes"."deleted_on" is null;
