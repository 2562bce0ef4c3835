CREATE TABLE "client_duplicate_dismissals" (
	"client_a" integer NOT NULL,
	"client_b" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_by" integer,
	CONSTRAINT "client_duplicate_dismissals_client_a_client_b_pk" PRIMARY KEY("client_a","client_b"),
	CONSTRAINT "client_duplicate_dismissals_order_ck" CHECK ("client_duplicate_dismissals"."client_a" < "client_duplicate_dismissals"."client_b")
);
--> statement-breakpoint
CREATE TABLE "client_duplicate_pairs" (
	"client_a" integer NOT NULL,
	"client_b" integer NOT NULL,
	CONSTRAINT "client_duplicate_pairs_client_a_client_b_pk" PRIMARY KEY("client_a","client_b"),
	CONSTRAINT "client_duplicate_pairs_order_ck" CHECK ("client_duplicate_pairs"."client_a" < "client_duplicate_pairs"."client_b")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "match_given" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "match_first" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "match_family" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "match_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_duplicate_dismissals" ADD CONSTRAINT "client_duplicate_dismissals_client_a_clients_client_id_fk" FOREIGN KEY ("client_a") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_duplicate_dismissals" ADD CONSTRAINT "client_duplicate_dismissals_client_b_clients_client_id_fk" FOREIGN KEY ("client_b") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_duplicate_dismissals" ADD CONSTRAINT "client_duplicate_dismissals_dismissed_by_users_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_duplicate_pairs" ADD CONSTRAINT "client_duplicate_pairs_client_a_clients_client_id_fk" FOREIGN KEY ("client_a") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_duplicate_pairs" ADD CONSTRAINT "client_duplicate_pairs_client_b_clients_client_id_fk" FOREIGN KEY ("client_b") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_duplicate_dismissals_b_idx" ON "client_duplicate_dismissals" USING btree ("client_b");--> statement-breakpoint
CREATE INDEX "client_duplicate_pairs_b_idx" ON "client_duplicate_pairs" USING btree ("client_b");--> statement-breakpoint
CREATE INDEX "clients_dob_idx" ON "clients" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "clients_match_family_dob_idx" ON "clients" USING btree ("match_family","date_of_birth");--> statement-breakpoint
CREATE INDEX "clients_match_first_dob_idx" ON "clients" USING btree ("match_first","date_of_birth");--> statement-breakpoint
CREATE INDEX "clients_match_phone_idx" ON "clients" USING btree ("match_phone");--> statement-breakpoint
CREATE INDEX "clients_email_lower_idx" ON "clients" USING btree (lower("email"));--> statement-breakpoint
-- The duplicate finder's forms of the clients on file, as clientDerivedColumns writes them from now
-- on (shared duplicate-rules.ts: lower case, accents and every other character but a-z dropped;
-- nicknames resolved by the table of shared nicknames.ts as it was written with this migration).
UPDATE clients SET
  match_given = regexp_replace(translate(lower(first_name), 'àáâãäåāçćčèéêëēěìíîïīñńòóôõöøōùúûüūýÿž', 'aaaaaaaccceeeeeeiiiiinnooooooouuuuuyyz'), '[^a-z]', '', 'g'),
  match_family = regexp_replace(translate(lower(last_name), 'àáâãäåāçćčèéêëēěìíîïīñńòóôõöøōùúûüūýÿž', 'aaaaaaaccceeeeeeiiiiinnooooooouuuuuyyz'), '[^a-z]', '', 'g'),
  match_phone = CASE WHEN length(regexp_replace(coalesce(phone, ''), '\D', '', 'g')) = 11
                      AND regexp_replace(coalesce(phone, ''), '\D', '', 'g') LIKE '1%'
                     THEN substr(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 2)
                     ELSE regexp_replace(coalesce(phone, ''), '\D', '', 'g') END;
--> statement-breakpoint
UPDATE clients c SET match_first = coalesce(n.canonical, c.match_given)
  FROM clients c2 LEFT JOIN (VALUES
('bill','william'), ('billy','william'), ('will','william'), ('willy','william'), 
('liam','william'), ('bob','robert'), ('bobby','robert'), ('rob','robert'), ('robbie','robert'), 
('bert','robert'), ('jon','john'), ('johnny','john'), ('jack','john'), ('jean','john'), 
('jonathon','jonathan'), ('jonny','jonathan'), ('liz','elizabeth'), ('lizzie','elizabeth'), 
('beth','elizabeth'), ('betty','elizabeth'), ('eliza','elizabeth'), ('elisabeth','elizabeth'), 
('lisa','elizabeth'), ('libby','elizabeth'), ('rick','richard'), ('ricky','richard'), 
('dick','richard'), ('rich','richard'), ('richie','richard'), ('jim','james'), ('jimmy','james'), 
('jamie','james'), ('joe','joseph'), ('joey','joseph'), ('jo','joseph'), ('mike','michael'), 
('mikey','michael'), ('mick','michael'), ('mickey','michael'), ('michel','michael'), 
('tom','thomas'), ('tommy','thomas'), ('charlie','charles'), ('chuck','charles'), 
('chas','charles'), ('chris','christopher'), ('kit','christopher'), ('topher','christopher'), 
('christina','christine'), ('tina','christine'), ('chrissy','christine'), ('kristine','christine'), 
('dan','daniel'), ('danny','daniel'), ('dave','david'), ('davey','david'), ('ed','edward'), 
('eddie','edward'), ('ted','edward'), ('teddy','edward'), ('ned','edward'), ('tony','anthony'), 
('antoine','anthony'), ('andy','andrew'), ('drew','andrew'), ('andre','andrew'), 
('alex','alexander'), ('sandy','alexander'), ('alexandre','alexander'), ('xander','alexander'), 
('alexa','alexandra'), ('sasha','alexandra'), ('lexi','alexandra'), ('ben','benjamin'), 
('benny','benjamin'), ('benji','benjamin'), ('matt','matthew'), ('matty','matthew'), 
('mathieu','matthew'), ('matthieu','matthew'), ('nick','nicholas'), ('nicky','nicholas'), 
('nicolas','nicholas'), ('nico','nicholas'), ('pat','patrick'), ('paddy','patrick'), 
('patty','patrick'), ('trish','patricia'), ('tricia','patricia'), ('patsy','patricia'), 
('pete','peter'), ('pierre','peter'), ('sam','samuel'), ('sammy','samuel'), ('sammie','samantha'), 
('steve','steven'), ('stephen','steven'), ('stevie','steven'), ('stephane','steven'), 
('tim','timothy'), ('timmy','timothy'), ('greg','gregory'), ('jeff','jeffrey'), 
('geoffrey','jeffrey'), ('geoff','jeffrey'), ('ken','kenneth'), ('kenny','kenneth'), 
('larry','lawrence'), ('laurence','lawrence'), ('laurent','lawrence'), ('ray','raymond'), 
('ron','ronald'), ('ronnie','ronald'), ('don','donald'), ('donnie','donald'), ('doug','douglas'), 
('fred','frederick'), ('freddie','frederick'), ('frederic','frederick'), ('gerry','gerald'), 
('jerry','gerald'), ('hank','henry'), ('harry','henry'), ('henri','henry'), ('josh','joshua'), 
('leo','leonard'), ('len','leonard'), ('lenny','leonard'), ('nathan','nathaniel'), 
('nate','nathaniel'), ('nat','nathaniel'), ('phil','philip'), ('phillip','philip'), 
('philippe','philip'), ('zach','zachary'), ('zack','zachary'), ('maggie','margaret'), 
('meg','margaret'), ('peggy','margaret'), ('marge','margaret'), ('margo','margaret'), 
('marguerite','margaret'), ('kate','katherine'), ('katie','katherine'), ('kathy','katherine'), 
('kathryn','katherine'), ('catherine','katherine'), ('cathy','katherine'), ('kat','katherine'), 
('kay','katherine'), ('jen','jennifer'), ('jenny','jennifer'), ('jenn','jennifer'), 
('jess','jessica'), ('jessie','jessica'), ('becky','rebecca'), ('becca','rebecca'), 
('sue','susan'), ('suzy','susan'), ('susie','susan'), ('suzanne','susan'), ('debbie','deborah'), 
('deb','deborah'), ('debra','deborah'), ('vicky','victoria'), ('tori','victoria'), 
('abby','abigail'), ('gail','abigail'), ('dot','dorothy'), ('dottie','dorothy'), 
('barb','barbara'), ('babs','barbara'), ('kim','kimberly'), ('pam','pamela'), ('cindy','cynthia'), 
('terry','theresa'), ('tess','theresa'), ('therese','theresa'), ('val','valerie'), 
('josie','josephine'), ('steph','stephanie'), ('nan','nancy'), ('marie','mary'), ('maria','mary'), 
('molly','mary'), ('polly','mary'), ('anne','ann'), ('anna','ann'), ('annie','ann'), 
('nancie','ann'), ('sara','sarah'), ('sally','sarah'), ('helene','helen'), ('nell','helen'), 
('ellie','helen'), ('isabel','isabelle'), ('izzy','isabelle'), ('bella','isabelle'), 
('frank','francis'), ('frankie','francis'), ('francois','francis'), ('fran','frances'), 
('francoise','frances'), ('lou','louis'), ('louie','louis'), ('lulu','louise'), 
('guy','guillaume'), ('jacky','jacques')
  ) AS n(nickname, canonical) ON n.nickname = c2.match_given
 WHERE c2.client_id = c.client_id;
--> statement-breakpoint
-- The date with its day and month swapped, when that is another valid date (else null).
CREATE FUNCTION client_dob_swapped(d date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN extract(day FROM d) <= 12 AND extract(day FROM d) <> extract(month FROM d)
              THEN make_date(extract(year FROM d)::int, extract(day FROM d)::int, extract(month FROM d)::int) END
$$;
--> statement-breakpoint
-- The dates one digit away from d (any of its eight digits typed wrong), and d with its day and
-- month swapped: the dates a date of birth may have been typed as. Only valid dates.
CREATE FUNCTION client_dob_variants(d date) RETURNS date[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(make_date(v.y, v.m, v.dd)), ARRAY[]::date[])
    FROM (
      SELECT substr(t, 1, 4)::int AS y, substr(t, 6, 2)::int AS m, substr(t, 9, 2)::int AS dd
        FROM unnest(ARRAY[1, 2, 3, 4, 6, 7, 9, 10]) AS pos,
             generate_series(0, 9) AS digit,
             LATERAL overlay(to_char(d, 'YYYY-MM-DD') PLACING digit::text FROM pos FOR 1) AS t
       WHERE d IS NOT NULL AND t <> to_char(d, 'YYYY-MM-DD')
      UNION ALL
      SELECT extract(year FROM d)::int, extract(day FROM d)::int, extract(month FROM d)::int
       WHERE extract(day FROM d) <= 12 AND extract(day FROM d) <> extract(month FROM d)
    ) v
   WHERE v.y >= 1000 AND v.m BETWEEN 1 AND 12 AND v.dd >= 1
     AND v.dd <= CASE WHEN v.m = 2 THEN CASE WHEN v.y % 4 = 0 AND (v.y % 100 <> 0 OR v.y % 400 = 0) THEN 29 ELSE 28 END
                      WHEN v.m IN (4, 6, 9, 11) THEN 30 ELSE 31 END
$$;
--> statement-breakpoint
-- Whether two dates of birth may be one person's: equal, day and month swapped, or two of their
-- three parts equal (which every date one digit off is). A pair with both dates known and not near
-- never scores as likely without the same SIN (shared duplicate-rules.ts: its weights).
CREATE FUNCTION client_dob_near(a date, b date) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT a = b OR a = client_dob_swapped(b)
      OR (extract(year FROM a) = extract(year FROM b))::int
       + (extract(month FROM a) = extract(month FROM b))::int
       + (extract(day FROM a) = extract(day FROM b))::int >= 2
$$;
--> statement-breakpoint
-- The clients that share a block with one person (the matcher's candidates, issue 31): the same SIN
-- hash (under any of the keys given); the same email, or phone digits, with dates of birth near or
-- one unknown (the phone then with the family name's initial in common: a household shares one);
-- the date of birth or its swapped day and month with the family or given name's initial in
-- common; the family name, or the given name (nicknames resolved), with the date of birth one
-- digit off or swapped; or both names with a date unknown. Each arm reads an index of clients.
-- The Possible duplicates list (through client_duplicate_pairs), the intake check and an import's
-- batch (modules/duplicates) all find their candidates here.
CREATE FUNCTION client_duplicate_candidates(
  p_first text, p_family text, p_dob date, p_sins text[], p_email text, p_phone text
) RETURNS TABLE (client_id integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  -- Computed once for the two arms that read it.
  near date[] := client_dob_variants(p_dob);
BEGIN
  RETURN QUERY
  SELECT c.client_id FROM clients c WHERE c.sin_hash = ANY (p_sins)
  UNION
  SELECT c.client_id FROM clients c
   WHERE lower(c.email) = lower(nullif(p_email, ''))
     AND (c.date_of_birth IS NULL OR p_dob IS NULL OR client_dob_near(c.date_of_birth, p_dob))
  UNION
  SELECT c.client_id FROM clients c
   -- A value that finds nothing is null, never '' (which every client without one holds).
   WHERE c.match_phone = (CASE WHEN length(p_phone) >= 7 THEN p_phone END)
     AND (client_dob_near(c.date_of_birth, p_dob)
          OR ((c.date_of_birth IS NULL OR p_dob IS NULL) AND left(c.match_family, 1) = left(p_family, 1)))
  UNION
  SELECT c.client_id FROM clients c
   WHERE c.date_of_birth IN (p_dob, client_dob_swapped(p_dob))
     AND (left(c.match_family, 1) = left(p_family, 1) OR left(c.match_first, 1) = left(p_first, 1))
  UNION
  SELECT c.client_id FROM clients c
   WHERE c.match_family = nullif(p_family, '') AND c.date_of_birth = ANY (near)
  UNION
  SELECT c.client_id FROM clients c
   WHERE c.match_first = nullif(p_first, '') AND c.date_of_birth = ANY (near)
  UNION
  SELECT c.client_id FROM clients c
   WHERE c.match_family = nullif(p_family, '') AND c.date_of_birth IS NULL AND c.match_first = p_first
  UNION
  SELECT c.client_id FROM clients c
   WHERE p_dob IS NULL AND c.match_family = nullif(p_family, '') AND c.match_first = p_first;
END $$;
--> statement-breakpoint
-- client_duplicate_pairs follows clients whoever writes them, a statement at a time: the rows a
-- statement inserted, or whose compared columns it changed, get their pairs found again (a client
-- removed takes its pairs through the foreign keys).
CREATE FUNCTION client_duplicate_pairs_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT n.client_id FROM new_rows n JOIN old_rows o ON o.client_id = n.client_id
       WHERE (n.match_first, n.match_family, n.date_of_birth, n.sin_hash, n.email, n.match_phone)
             IS DISTINCT FROM (o.match_first, o.match_family, o.date_of_birth, o.sin_hash, o.email, o.match_phone))
    DELETE FROM client_duplicate_pairs p USING changed x WHERE p.client_a = x.client_id;
    WITH changed AS (
      SELECT n.client_id FROM new_rows n JOIN old_rows o ON o.client_id = n.client_id
       WHERE (n.match_first, n.match_family, n.date_of_birth, n.sin_hash, n.email, n.match_phone)
             IS DISTINCT FROM (o.match_first, o.match_family, o.date_of_birth, o.sin_hash, o.email, o.match_phone))
    DELETE FROM client_duplicate_pairs p USING changed x WHERE p.client_b = x.client_id;
    INSERT INTO client_duplicate_pairs (client_a, client_b)
    SELECT DISTINCT least(n.client_id, m.client_id), greatest(n.client_id, m.client_id)
      FROM new_rows n JOIN old_rows o ON o.client_id = n.client_id
     CROSS JOIN LATERAL client_duplicate_candidates(n.match_first, n.match_family, n.date_of_birth,
                          ARRAY[n.sin_hash], n.email, n.match_phone) m
     WHERE m.client_id <> n.client_id
       AND (n.match_first, n.match_family, n.date_of_birth, n.sin_hash, n.email, n.match_phone)
           IS DISTINCT FROM (o.match_first, o.match_family, o.date_of_birth, o.sin_hash, o.email, o.match_phone)
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO client_duplicate_pairs (client_a, client_b)
    SELECT DISTINCT least(n.client_id, m.client_id), greatest(n.client_id, m.client_id)
      FROM new_rows n
     CROSS JOIN LATERAL client_duplicate_candidates(n.match_first, n.match_family, n.date_of_birth,
                          ARRAY[n.sin_hash], n.email, n.match_phone) m
     WHERE m.client_id <> n.client_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_duplicate_pairs_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_duplicate_pairs_refresh();
--> statement-breakpoint
CREATE TRIGGER clients_duplicate_pairs_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_duplicate_pairs_refresh();
--> statement-breakpoint
INSERT INTO client_duplicate_pairs (client_a, client_b)
SELECT DISTINCT least(c.client_id, m.client_id), greatest(c.client_id, m.client_id)
  FROM clients c
 CROSS JOIN LATERAL client_duplicate_candidates(c.match_first, c.match_family, c.date_of_birth,
                      ARRAY[c.sin_hash], c.email, c.match_phone) m
 WHERE m.client_id <> c.client_id
ON CONFLICT DO NOTHING;
