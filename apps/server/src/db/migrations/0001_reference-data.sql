-- Reference data every installation needs: the roles of spec §6 and the provinces of spec §3.
INSERT INTO "roles" ("role_id", "title") VALUES (1, 'Admin'), (2, 'Coordinator'), (3, 'Reporter');
--> statement-breakpoint
INSERT INTO "provinces" ("code", "name") VALUES
  ('AB', 'Alberta'),
  ('BC', 'British Columbia'),
  ('MB', 'Manitoba'),
  ('NB', 'New Brunswick'),
  ('NL', 'Newfoundland and Labrador'),
  ('NT', 'Northwest Territories'),
  ('NS', 'Nova Scotia'),
  ('NU', 'Nunavut'),
  ('ON', 'Ontario'),
  ('PE', 'Prince Edward Island'),
  ('QC', 'Quebec'),
  ('SK', 'Saskatchewan'),
  ('YT', 'Yukon');
