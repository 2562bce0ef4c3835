-- Reference data every installation needs: the reporting types of the ministry report and the
-- catalogue of barriers, supports and trainings that plans are built from. Each kind has an item
-- named 'Other' (its plans give it a name of their own). Items are mapped to reporting types by
-- category and type name; ids are left to the identity columns so later items follow on.
INSERT INTO "reporting_types" ("category", "type") VALUES
  ('Barrier', 'Income and financial hardship'),
  ('Barrier', 'Health and wellness'),
  ('Barrier', 'Mental health and addictions'),
  ('Barrier', 'Disability'),
  ('Barrier', 'Education and skills'),
  ('Barrier', 'Legal'),
  ('Barrier', 'Childcare and family responsibilities'),
  ('Barrier', 'Transportation'),
  ('Barrier', 'Housing'),
  ('Barrier', 'Other barrier'),
  ('Support', 'Employment assistance services'),
  ('Support', 'Job search and placement'),
  ('Support', 'Wage subsidy and work experience'),
  ('Support', 'Self-employment assistance'),
  ('Support', 'Cultural and community supports'),
  ('Support', 'Life skills development'),
  ('Support', 'Financial assistance'),
  ('Support', 'Other support'),
  ('Training', 'Workplace safety certification'),
  ('Training', 'Occupational skills training'),
  ('Training', 'Driver and equipment licensing'),
  ('Training', 'Essential and computer skills'),
  ('Training', 'Employment readiness'),
  ('Training', 'Other training');
--> statement-breakpoint
INSERT INTO "barriers" ("category", "name", "description", "reporting_type")
SELECT v.category, v.name, v.description, rt.reporting_type_id
FROM (VALUES
  ('Financial', 'Low or no income', 'No steady income, or not enough to cover basic needs while looking for work or training.', 'Income and financial hardship'),
  ('Financial', 'Debt or poor credit', 'Debts, arrears or a poor credit history that limit housing, banking or some jobs.', 'Income and financial hardship'),
  ('Financial', 'Cannot afford work gear', 'Unable to buy the clothing, boots, tools or equipment a job or training requires.', 'Income and financial hardship'),
  ('Health', 'Physical health condition', 'An illness, injury or chronic condition that limits the kind or amount of work possible.', 'Health and wellness'),
  ('Health', 'Mental health', 'Mental health concerns that affect attendance, confidence or daily routines.', 'Mental health and addictions'),
  ('Health', 'Addictions', 'Substance use or other addictions affecting readiness for work or training.', 'Mental health and addictions'),
  ('Health', 'Disability', 'A disability that calls for accommodation at work or in training.', 'Disability'),
  ('Personal', 'Limited education', 'Has not completed high school or lacks the credentials employers ask for.', 'Education and skills'),
  ('Personal', 'Limited work experience', 'Little or no recent work history or references.', 'Education and skills'),
  ('Personal', 'Language barrier', 'Limited English or French for the workplace.', 'Education and skills'),
  ('Personal', 'Criminal record', 'A criminal record that limits the jobs or security clearances available.', 'Legal'),
  ('Personal', 'Social isolation', 'Few family or community connections to lean on while looking for work.', 'Health and wellness'),
  ('Personal', 'Other', 'A barrier not listed; the plan gives it a name.', 'Other barrier'),
  ('Supports', 'No childcare', 'No affordable or available childcare during work or training hours.', 'Childcare and family responsibilities'),
  ('Supports', 'No reliable transportation', 'No vehicle or public transit to reach work or training.', 'Transportation'),
  ('Supports', 'No driver''s licence', 'No valid driver''s licence where a job or the commute needs one.', 'Transportation'),
  ('Supports', 'Unstable housing', 'Homeless, at risk of losing housing, or in temporary housing.', 'Housing')
) AS v(category, name, description, rtype)
LEFT JOIN "reporting_types" rt ON rt."category" = 'Barrier' AND rt."type" = v.rtype;
--> statement-breakpoint
INSERT INTO "supports" ("category", "name", "description", "reporting_type")
SELECT v.category, v.name, v.description, rt.reporting_type_id
FROM (VALUES
  ('Cultural', 'Elder guidance', 'Meetings with an Elder or Knowledge Keeper for guidance and support.', 'Cultural and community supports'),
  ('Cultural', 'Cultural ceremony participation', 'Taking part in ceremonies and cultural gatherings that support wellbeing.', 'Cultural and community supports'),
  ('Cultural', 'Land-based learning', 'Traditional knowledge and skills learned on the land.', 'Cultural and community supports'),
  ('Employment', 'Job search assistance', 'Help finding job postings and applying for work.', 'Job search and placement'),
  ('Employment', 'Resume and cover letter help', 'One-on-one help writing or updating a resume and cover letters.', 'Employment assistance services'),
  ('Employment', 'Interview preparation', 'Practice interviews and coaching on answering common questions.', 'Employment assistance services'),
  ('Employment', 'Job placement', 'Matching the client with an employer and following up after hire.', 'Job search and placement'),
  ('Employment', 'Wage subsidy', 'A subsidy paid to an employer who hires the client.', 'Wage subsidy and work experience'),
  ('Employment', 'Work experience placement', 'A short placement with an employer to build experience and references.', 'Wage subsidy and work experience'),
  ('Employment', 'Self-employment coaching', 'Business planning and coaching for clients starting their own business.', 'Self-employment assistance'),
  ('Life Skills', 'Budgeting and money management', 'Workshops or coaching on budgets, banking and managing money.', 'Life skills development'),
  ('Life Skills', 'Life skills coaching', 'Coaching on routines, time management, communication and problem solving.', 'Life skills development'),
  ('Life Skills', 'Counselling referral', 'Referral to counselling or mental health services.', 'Life skills development'),
  ('Misc', 'Childcare assistance', 'Help paying for childcare while in training or starting work.', 'Financial assistance'),
  ('Misc', 'Transportation assistance', 'Bus passes, fuel or mileage to reach work or training.', 'Financial assistance'),
  ('Misc', 'Work clothing and gear', 'Boots, clothing, tools or safety gear needed for a job.', 'Financial assistance'),
  ('Misc', 'Tuition assistance', 'Help paying tuition, books or fees for a training program.', 'Financial assistance'),
  ('Misc', 'Other', 'A support not listed; the plan gives it a name.', 'Other support')
) AS v(category, name, description, rtype)
LEFT JOIN "reporting_types" rt ON rt."category" = 'Support' AND rt."type" = v.rtype;
--> statement-breakpoint
INSERT INTO "trainings" ("name", "description", "certificate", "reporting_type")
SELECT v.name, v.description, v.certificate, rt.reporting_type_id
FROM (VALUES
  ('WHMIS', 'Workplace Hazardous Materials Information System: labels, safety data sheets and safe handling.', true, 'Workplace safety certification'),
  ('Standard First Aid and CPR', 'Two-day Standard First Aid with CPR level C and AED.', true, 'Workplace safety certification'),
  ('Fall protection', 'Working safely at heights: harnesses, anchors and rescue plans.', true, 'Workplace safety certification'),
  ('Confined space entry', 'Hazards, permits and procedures for entering confined spaces.', true, 'Workplace safety certification'),
  ('H2S Alive', 'Hydrogen sulphide safety for oil and gas work sites.', true, 'Workplace safety certification'),
  ('Traffic control flagger', 'Traffic control person certification for road and construction sites.', true, 'Workplace safety certification'),
  ('Construction Safety Training System', 'CSTS: entry-level construction site safety.', true, 'Workplace safety certification'),
  ('Food Safe', 'Safe food handling, storage and sanitation for food service work.', true, 'Occupational skills training'),
  ('Serving It Right', 'Responsible alcohol service for licensed establishments.', true, 'Occupational skills training'),
  ('Forklift operator', 'Classroom and practical training for counterbalance forklifts.', true, 'Driver and equipment licensing'),
  ('Class 5 driver''s licence', 'Lessons and road test for a full passenger vehicle licence.', true, 'Driver and equipment licensing'),
  ('Class 1 driver''s licence', 'Mandatory entry-level training for tractor-trailer drivers.', true, 'Driver and equipment licensing'),
  ('Microsoft Office', 'Word, Excel and Outlook for the workplace.', false, 'Essential and computer skills'),
  ('Computer basics', 'Using a computer, email and the internet, including online job applications.', false, 'Essential and computer skills'),
  ('Essential skills upgrading', 'Reading, writing, numeracy and document use for the workplace.', false, 'Essential and computer skills'),
  ('Resume writing workshop', 'A group workshop on writing a resume and cover letter.', false, 'Employment readiness'),
  ('Interview skills workshop', 'A group workshop on preparing for and answering interview questions.', false, 'Employment readiness'),
  ('Other', 'A training not listed; the plan gives it a name.', false, 'Other training')
) AS v(name, description, certificate, rtype)
LEFT JOIN "reporting_types" rt ON rt."category" = 'Training' AND rt."type" = v.rtype;
