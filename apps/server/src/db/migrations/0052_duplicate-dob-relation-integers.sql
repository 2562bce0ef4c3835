-- How two dates of birth relate (0035's client_dob_relation, scored for every candidate pair), the
-- same relation computed with integers in plpgsql, as 0050 did for client_dob_variants: the SQL
-- version compared the two dates' texts a character at a time over a generate_series, about 16 µs a
-- pair whose dates are not equal or swapped (most candidate pairs at 1,000,000 clients: a date's near
-- dates are a block), this one about 3 µs. Dates whose year has more than four digits keep the text
-- comparison (their text is longer). The same relation for every pair compared
-- (duplicates-scores.test.ts, against the rule written out in TypeScript).
CREATE OR REPLACE FUNCTION client_dob_relation(a date, b date) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  ta text;
  tb text;
  x int;
  y int;
  differing int := 0;
BEGIN
  IF a IS NULL OR b IS NULL THEN RETURN NULL; END IF;
  IF a = b THEN RETURN 'equal'; END IF;
  IF a = client_dob_swapped(b) THEN RETURN 'swapped'; END IF;
  ta := to_char(a, 'YYYYMMDD');
  tb := to_char(b, 'YYYYMMDD');
  IF length(ta) = 8 AND length(tb) = 8 THEN
    -- The eight digits, units first.
    x := ta::int;
    y := tb::int;
    FOR i IN 1..8 LOOP
      IF x % 10 <> y % 10 THEN differing := differing + 1; END IF;
      x := x / 10;
      y := y / 10;
    END LOOP;
  ELSE
    ta := to_char(a, 'YYYY-MM-DD');
    tb := to_char(b, 'YYYY-MM-DD');
    FOR i IN 1..10 LOOP
      IF substr(ta, i, 1) <> substr(tb, i, 1) THEN differing := differing + 1; END IF;
    END LOOP;
  END IF;
  RETURN CASE WHEN differing = 1 THEN 'one_digit' END;
END $$;
