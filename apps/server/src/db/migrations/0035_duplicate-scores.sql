ALTER TABLE "client_duplicate_pairs" ADD COLUMN "score" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_duplicate_pairs" ADD COLUMN "reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_duplicate_pairs" ADD COLUMN "centre_id" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "match_client_id" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "client_duplicate_pairs_likely_idx" ON "client_duplicate_pairs" USING btree ("score" DESC NULLS LAST,"client_b" DESC NULLS LAST,"client_a" DESC NULLS LAST) WHERE "client_duplicate_pairs"."score" >= 0.7;--> statement-breakpoint
CREATE INDEX "client_duplicate_pairs_centre_likely_idx" ON "client_duplicate_pairs" USING btree ("centre_id","score" DESC NULLS LAST,"client_b" DESC NULLS LAST,"client_a" DESC NULLS LAST) WHERE "client_duplicate_pairs"."score" >= 0.7;--> statement-breakpoint
-- The duplicate finder's score in SQL, so that client_duplicate_pairs keeps each pair's score as the
-- triggers find it and the Possible duplicates list reads its page from an index (issue 31). A port
-- of the shared rule (packages/shared/src/duplicate-rules.ts: editDistance, partLikeness, dobRelation,
-- scoreMatch), which stays the definition: duplicates-scores.test.ts compares the two on many random
-- pairs. The same float8 operations in the same order, so the scores are equal to the last bit.

-- Edit distance with adjacent transpositions (optimal string alignment), stopping past max_distance.
CREATE FUNCTION client_name_distance(a text, b text, max_distance int) RETURNS int
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  la int := length(a);
  lb int := length(b);
  before_prev int[];
  prev int[];
  cur int[];
  d int;
BEGIN
  IF abs(la - lb) > max_distance THEN RETURN max_distance + 1; END IF;
  prev := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
  FOR j IN 0..lb LOOP prev[j] := j; END LOOP;
  before_prev := prev;
  FOR i IN 1..la LOOP
    cur := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
    cur[0] := i;
    FOR j IN 1..lb LOOP
      d := least(prev[j] + 1, cur[j - 1] + 1,
                 prev[j - 1] + CASE WHEN substr(a, i, 1) = substr(b, j, 1) THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND substr(a, i, 1) = substr(b, j - 1, 1) AND substr(a, i - 1, 1) = substr(b, j, 1) THEN
        d := least(d, before_prev[j - 2] + 1);
      END IF;
      cur[j] := d;
    END LOOP;
    before_prev := prev;
    prev := cur;
  END LOOP;
  RETURN least(prev[lb], max_distance + 1);
END $$;
--> statement-breakpoint
-- How alike two name parts are (0–1): equal, a typo apart, one inside the other, else trigrams.
CREATE FUNCTION client_name_likeness(a text, b text, trigrams float8) RETURNS float8
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  shorter text;
  longer text;
BEGIN
  IF a = '' OR b = '' THEN RETURN 0::float8; END IF;
  IF a = b THEN RETURN 1::float8; END IF;
  IF client_name_distance(a, b, 2) <= (CASE WHEN greatest(length(a), length(b)) >= 8 THEN 2 ELSE 1 END) THEN
    RETURN 0.85::float8;
  END IF;
  IF length(a) < length(b) THEN shorter := a; longer := b; ELSE shorter := b; longer := a; END IF;
  IF length(shorter) >= 3 AND (left(longer, length(shorter)) = shorter OR right(longer, length(shorter)) = shorter) THEN
    RETURN 0.85::float8;
  END IF;
  RETURN trigrams;
END $$;
--> statement-breakpoint
-- How two dates of birth relate: 'equal', 'swapped' (day and month), 'one_digit', or null.
CREATE FUNCTION client_dob_relation(a date, b date) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN a IS NULL OR b IS NULL THEN NULL
              WHEN a = b THEN 'equal'
              WHEN a = client_dob_swapped(b) THEN 'swapped'
              WHEN (SELECT count(*) FROM generate_series(1, 10) AS i
                     WHERE substr(to_char(a, 'YYYY-MM-DD'), i, 1) <> substr(to_char(b, 'YYYY-MM-DD'), i, 1)) = 1
              THEN 'one_digit' END
$$;
--> statement-breakpoint
-- The score (0–1, two decimals) and reasons of the pair (a, b), a the lower id: scoreMatch of what
-- the list's statement measured of them (duplicates.repository.ts, features).
CREATE FUNCTION client_duplicate_score(a clients, b clients, OUT score numeric, OUT reasons text[])
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  same_sin boolean := coalesce(a.sin_hash = b.sin_hash, false);
  nickname boolean := a.match_given <> b.match_given AND a.match_first <> '' AND a.match_first = b.match_first;
  given float8;
  family float8;
  whole float8;
  total float8;
  dob text := client_dob_relation(a.date_of_birth, b.date_of_birth);
  postal text := upper(replace(coalesce(a.postal_code, ''), ' ', ''));
  hundredths float8;
BEGIN
  reasons := '{}';
  IF same_sin THEN reasons := reasons || 'same_sin'::text; END IF;
  given := CASE WHEN nickname THEN 0.95::float8
                ELSE client_name_likeness(a.match_given, b.match_given, similarity(a.match_given, b.match_given)::float8) END;
  family := client_name_likeness(a.match_family, b.match_family, similarity(a.match_family, b.match_family)::float8);
  whole := (given + family) / 2;
  -- One part unlike the other's (a sibling, a namesake's family name) weighs the whole name down.
  IF least(given, family) < 0.4::float8 THEN whole := whole / 2; END IF;
  IF given = 1 AND family = 1 THEN reasons := reasons || 'same_name'::text;
  ELSIF nickname AND family >= 0.85::float8 THEN reasons := reasons || 'nickname'::text;
  ELSIF whole >= 0.6::float8 THEN reasons := reasons || 'name_similar'::text;
  END IF;
  total := 0.5::float8 * whole;
  IF dob IS NOT NULL THEN
    total := total + CASE dob WHEN 'equal' THEN 0.4::float8 WHEN 'swapped' THEN 0.32::float8 ELSE 0.28::float8 END;
    reasons := reasons || ('dob_' || dob);
  ELSIF a.date_of_birth IS NOT NULL AND b.date_of_birth IS NOT NULL THEN
    total := total + (-0.35)::float8;
  END IF;
  IF coalesce(lower(a.email) = lower(b.email), false) THEN
    total := total + 0.25::float8;
    reasons := reasons || 'same_email'::text;
  END IF;
  IF length(a.match_phone) >= 7 AND a.match_phone = b.match_phone THEN
    total := total + 0.2::float8;
    reasons := reasons || 'same_phone'::text;
  END IF;
  IF postal <> '' AND postal = upper(replace(coalesce(b.postal_code, ''), ' ', '')) THEN
    total := total + 0.05::float8;
    reasons := reasons || 'same_postal_code'::text;
  END IF;
  IF same_sin THEN total := greatest(total, 0.95::float8); END IF;
  -- Math.round(x * 100) / 100: half up, as JavaScript rounds.
  hundredths := least(1::float8, greatest(0::float8, total)) * 100;
  score := (floor(hundredths) + CASE WHEN hundredths - floor(hundredths) >= 0.5 THEN 1 ELSE 0 END)::numeric / 100;
END $$;
--> statement-breakpoint
-- Finds and scores the pairs of the clients `ids` (every candidate of each: the matcher's blocks),
-- with the centre both share. Their pairs are expected gone (new clients, or removed just before).
CREATE FUNCTION client_duplicate_pairs_find(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_duplicate_pairs (client_a, client_b, score, reasons, centre_id)
  SELECT p.client_a, p.client_b, s.score, s.reasons, CASE WHEN a.centre_id = b.centre_id THEN a.centre_id END
    FROM (SELECT DISTINCT least(n.client_id, m.client_id) AS client_a, greatest(n.client_id, m.client_id) AS client_b
            FROM clients n
           CROSS JOIN LATERAL client_duplicate_candidates(n.match_first, n.match_family, n.date_of_birth,
                                ARRAY[n.sin_hash], n.email, n.match_phone) m
           WHERE n.client_id = ANY (ids) AND m.client_id <> n.client_id) p
    JOIN clients a ON a.client_id = p.client_a
    JOIN clients b ON b.client_id = p.client_b
   CROSS JOIN LATERAL client_duplicate_score(a, b) s
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- client_duplicate_pairs follows clients whoever writes them, a statement at a time: the rows a
-- statement inserted, or whose compared, scored or centre columns it changed, get their pairs found
-- and scored again (a client removed takes its pairs through the foreign keys).
CREATE OR REPLACE FUNCTION client_duplicate_pairs_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.client_id) INTO ids
      FROM new_rows n JOIN old_rows o ON o.client_id = n.client_id
     WHERE (n.match_given, n.match_first, n.match_family, n.date_of_birth, n.sin_hash, n.email, n.match_phone,
            n.postal_code, n.centre_id)
           IS DISTINCT FROM
           (o.match_given, o.match_first, o.match_family, o.date_of_birth, o.sin_hash, o.email, o.match_phone,
            o.postal_code, o.centre_id);
    IF ids IS NULL THEN RETURN NULL; END IF;
    DELETE FROM client_duplicate_pairs WHERE client_a = ANY (ids);
    DELETE FROM client_duplicate_pairs WHERE client_b = ANY (ids);
  ELSE
    SELECT array_agg(n.client_id) INTO ids FROM new_rows n;
  END IF;
  PERFORM client_duplicate_pairs_find(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The pairs kept so far, scored, with their centre.
UPDATE client_duplicate_pairs p
   SET score = s.score, reasons = s.reasons, centre_id = CASE WHEN a.centre_id = b.centre_id THEN a.centre_id END
  FROM clients a, clients b, LATERAL client_duplicate_score(a, b) s
 WHERE a.client_id = p.client_a AND b.client_id = p.client_b;
