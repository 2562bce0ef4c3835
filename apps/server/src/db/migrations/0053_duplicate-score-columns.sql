-- The duplicate finder's score (0035's client_duplicate_score, run for every candidate pair: about
-- seven million at 1,000,000 clients), the same scores and reasons computed with less (issue 33).
--
-- A name part's likeness takes the two names alone: its edit distance is asked within the limit
-- the rule compares it with (one letter under eight letters, else two; 0035 asked within two and
-- compared after), so fewer cells and more pairs stopped by their lengths; and the trigram
-- similarity, its last resort, is measured only when reached, not for every pair beforehand.
CREATE FUNCTION client_name_likeness(a text, b text) RETURNS float8
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  most int;
  shorter text;
  longer text;
BEGIN
  IF a = '' OR b = '' THEN RETURN 0::float8; END IF;
  IF a = b THEN RETURN 1::float8; END IF;
  most := CASE WHEN greatest(length(a), length(b)) >= 8 THEN 2 ELSE 1 END;
  IF client_name_distance(a, b, most) <= most THEN RETURN 0.85::float8; END IF;
  IF length(a) < length(b) THEN shorter := a; longer := b; ELSE shorter := b; longer := a; END IF;
  IF length(shorter) >= 3 AND (left(longer, length(shorter)) = shorter OR right(longer, length(shorter)) = shorter) THEN
    RETURN 0.85::float8;
  END IF;
  RETURN similarity(a, b)::float8;
END $$;
--> statement-breakpoint
-- The score takes the eight compared columns of each client rather than the two whole rows: each
-- row (about forty columns, the encrypted SIN and the search text among them) was copied into a
-- composite value for every pair and taken apart again in the function.
CREATE FUNCTION client_duplicate_score(
  a_sin_hash text, a_given text, a_first text, a_family text, a_dob date, a_email text, a_phone text, a_postal text,
  b_sin_hash text, b_given text, b_first text, b_family text, b_dob date, b_email text, b_phone text, b_postal text,
  OUT score numeric, OUT reasons text[]
) LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  same_sin boolean := coalesce(a_sin_hash = b_sin_hash, false);
  nickname boolean := a_given <> b_given AND a_first <> '' AND a_first = b_first;
  given float8;
  family float8;
  whole float8;
  total float8;
  dob text := client_dob_relation(a_dob, b_dob);
  postal text := upper(replace(coalesce(a_postal, ''), ' ', ''));
  hundredths float8;
BEGIN
  reasons := '{}';
  IF same_sin THEN reasons := reasons || 'same_sin'::text; END IF;
  given := CASE WHEN nickname THEN 0.95::float8 ELSE client_name_likeness(a_given, b_given) END;
  family := client_name_likeness(a_family, b_family);
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
  ELSIF a_dob IS NOT NULL AND b_dob IS NOT NULL THEN
    total := total + (-0.35)::float8;
  END IF;
  IF coalesce(lower(a_email) = lower(b_email), false) THEN
    total := total + 0.25::float8;
    reasons := reasons || 'same_email'::text;
  END IF;
  IF length(a_phone) >= 7 AND a_phone = b_phone THEN
    total := total + 0.2::float8;
    reasons := reasons || 'same_phone'::text;
  END IF;
  IF postal <> '' AND postal = upper(replace(coalesce(b_postal, ''), ' ', '')) THEN
    total := total + 0.05::float8;
    reasons := reasons || 'same_postal_code'::text;
  END IF;
  IF same_sin THEN total := greatest(total, 0.95::float8); END IF;
  -- Math.round(x * 100) / 100: half up, as JavaScript rounds.
  hundredths := least(1::float8, greatest(0::float8, total)) * 100;
  score := (floor(hundredths) + CASE WHEN hundredths - floor(hundredths) >= 0.5 THEN 1 ELSE 0 END)::numeric / 100;
END $$;
--> statement-breakpoint
-- 0050's client_duplicate_pairs_find, scoring with the function above.
CREATE OR REPLACE FUNCTION client_duplicate_pairs_find(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_duplicate_pairs (client_a, client_b, score, reasons, centre_id)
  SELECT p.client_a, p.client_b, s.score, s.reasons, CASE WHEN a.centre_id = b.centre_id THEN a.centre_id END
    FROM (SELECT DISTINCT least(n.client_id, m.client_id) AS client_a, greatest(n.client_id, m.client_id) AS client_b
            FROM clients n
           CROSS JOIN LATERAL client_duplicate_candidates(n.match_first, n.match_family, n.date_of_birth,
                                ARRAY[n.sin_hash], n.email, n.match_phone) m
           WHERE n.client_id = ANY (ids) AND m.client_id <> n.client_id) p
    JOIN clients a ON a.client_id = p.client_a
    JOIN clients b ON b.client_id = p.client_b
   CROSS JOIN LATERAL client_duplicate_score(
           a.sin_hash, a.match_given, a.match_first, a.match_family, a.date_of_birth, a.email, a.match_phone, a.postal_code,
           b.sin_hash, b.match_given, b.match_first, b.match_family, b.date_of_birth, b.email, b.match_phone, b.postal_code) s
   WHERE NOT EXISTS (SELECT FROM client_duplicate_pairs k WHERE k.client_a = p.client_a AND k.client_b = p.client_b)
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
DROP FUNCTION client_duplicate_score(clients, clients);
--> statement-breakpoint
DROP FUNCTION client_name_likeness(text, text, float8);
