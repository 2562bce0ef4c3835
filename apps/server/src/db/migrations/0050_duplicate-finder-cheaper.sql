-- The duplicate finder's cost per client (issue 33: seed:large at 1,000,000 clients), the same
-- pairs, scores and reasons.
--
-- The dates a date of birth may have been typed as (0032's client_dob_variants), the same dates
-- computed with integers in a loop: the SQL version ran a plan of 80 rows (a text date overlaid
-- digit by digit, then parsed back) for every client whose candidates are read, about 280 µs of
-- the 500 a client's candidates took at 100,000 clients; this one about 80 µs. Compared on every
-- date from 1900 to 2036 and null: the same dates (duplicates-scores.test.ts compares it with the
-- rule written out in TypeScript).
CREATE OR REPLACE FUNCTION client_dob_variants(d date) RETURNS date[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  parts int[] := ARRAY[extract(year FROM d)::int, extract(month FROM d)::int, extract(day FROM d)::int];
  v int[];
  place int;
  was int;
  last_day int;
  dates date[] := '{}';
BEGIN
  IF d IS NULL THEN RETURN dates; END IF;
  -- Each digit of the year (1000s to units), the month and the day, typed as another digit.
  FOR p IN 1..3 LOOP
    place := CASE p WHEN 1 THEN 1000 ELSE 10 END;
    WHILE place >= 1 LOOP
      was := parts[p] / place % 10;
      FOR digit IN 0..9 LOOP
        CONTINUE WHEN digit = was;
        v := parts;
        v[p] := v[p] + (digit - was) * place;
        last_day := CASE WHEN v[2] = 2 THEN CASE WHEN v[1] % 4 = 0 AND (v[1] % 100 <> 0 OR v[1] % 400 = 0) THEN 29 ELSE 28 END
                         WHEN v[2] IN (4, 6, 9, 11) THEN 30 ELSE 31 END;
        IF v[1] >= 1000 AND v[2] BETWEEN 1 AND 12 AND v[3] BETWEEN 1 AND last_day THEN
          dates := dates || make_date(v[1], v[2], v[3]);
        END IF;
      END LOOP;
      place := place / 10;
    END LOOP;
  END LOOP;
  -- The day and month swapped, when that is another date.
  IF parts[3] <= 12 AND parts[3] <> parts[2] THEN dates := dates || make_date(parts[1], parts[3], parts[2]); END IF;
  RETURN dates;
END $$;
--> statement-breakpoint
-- 0035's client_duplicate_pairs_find, a pair already kept left out before it is scored rather than
-- after (ON CONFLICT stays for a pair another transaction is inserting). A kept pair is current (a
-- change to either client removes its pairs first), so the kept pairs are the same; but the
-- pending clients are taken a thousand at a time, and a pair of two of them was scored twice,
-- once from each side: at 1,000,000 clients most pairs are. Measured on the 100,000 database,
-- every pair of 60,000 clients found again from their pending list: 48 s, then 39 s.
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
   CROSS JOIN LATERAL client_duplicate_score(a, b) s
   WHERE NOT EXISTS (SELECT FROM client_duplicate_pairs k WHERE k.client_a = p.client_a AND k.client_b = p.client_b)
  ON CONFLICT DO NOTHING
$$;
