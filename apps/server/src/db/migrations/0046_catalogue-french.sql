-- The French names and descriptions of the catalogue, the reporting types and the interaction types
-- (issue 34): null until translated, when the screens show the English one, marked.
ALTER TABLE "barriers" ADD COLUMN "name_fr" varchar(64);--> statement-breakpoint
ALTER TABLE "barriers" ADD COLUMN "description_fr" varchar(350);--> statement-breakpoint
ALTER TABLE "reporting_types" ADD COLUMN "name_fr" varchar(128);--> statement-breakpoint
ALTER TABLE "supports" ADD COLUMN "name_fr" varchar(64);--> statement-breakpoint
ALTER TABLE "supports" ADD COLUMN "description_fr" varchar(350);--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "name_fr" varchar(64);--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "description_fr" varchar(350);--> statement-breakpoint
ALTER TABLE "interaction_types" ADD COLUMN "name_fr" varchar(64);--> statement-breakpoint
-- The French of every row the earlier migrations seeded (issue 34), found by its English name; an
-- item an administrator renamed or added since stays untranslated until the mapping screens name it.
UPDATE "reporting_types" AS rt SET "name_fr" = v.name_fr
FROM (VALUES
  ('Barrier', 'Income and financial hardship', 'Revenu et difficultés financières'),
  ('Barrier', 'Health and wellness', 'Santé et bien-être'),
  ('Barrier', 'Mental health and addictions', 'Santé mentale et dépendances'),
  ('Barrier', 'Disability', 'Handicap'),
  ('Barrier', 'Education and skills', 'Études et compétences'),
  ('Barrier', 'Legal', 'Questions juridiques'),
  ('Barrier', 'Childcare and family responsibilities', 'Garde d''enfants et responsabilités familiales'),
  ('Barrier', 'Transportation', 'Transport'),
  ('Barrier', 'Housing', 'Logement'),
  ('Barrier', 'Other barrier', 'Autre obstacle'),
  ('Support', 'Employment assistance services', 'Services d''aide à l''emploi'),
  ('Support', 'Job search and placement', 'Recherche d''emploi et placement'),
  ('Support', 'Wage subsidy and work experience', 'Subvention salariale et expérience de travail'),
  ('Support', 'Self-employment assistance', 'Aide au travail indépendant'),
  ('Support', 'Cultural and community supports', 'Soutiens culturels et communautaires'),
  ('Support', 'Life skills development', 'Développement des compétences de vie'),
  ('Support', 'Financial assistance', 'Aide financière'),
  ('Support', 'Other support', 'Autre soutien'),
  ('Training', 'Workplace safety certification', 'Certification en sécurité au travail'),
  ('Training', 'Occupational skills training', 'Formation professionnelle'),
  ('Training', 'Driver and equipment licensing', 'Permis de conduire et d''équipement'),
  ('Training', 'Essential and computer skills', 'Compétences essentielles et informatiques'),
  ('Training', 'Employment readiness', 'Préparation à l''emploi'),
  ('Training', 'Other training', 'Autre formation')
) AS v(category, type, name_fr)
WHERE rt."category" = v.category AND rt."type" = v.type AND rt."name_fr" IS NULL;
--> statement-breakpoint
UPDATE "barriers" AS b SET "name_fr" = v.name_fr, "description_fr" = v.description_fr
FROM (VALUES
  ('Low or no income', 'Revenu faible ou nul', 'Aucun revenu stable, ou pas assez pour combler les besoins de base pendant la recherche d''emploi ou la formation.'),
  ('Debt or poor credit', 'Dettes ou mauvais crédit', 'Des dettes, des arriérés ou de mauvais antécédents de crédit qui limitent le logement, les services bancaires ou certains emplois.'),
  ('Cannot afford work gear', 'Moyens insuffisants pour l''équipement de travail', 'Incapable d''acheter les vêtements, les bottes, les outils ou l''équipement qu''exige un emploi ou une formation.'),
  ('Physical health condition', 'Problème de santé physique', 'Une maladie, une blessure ou un problème chronique qui limite le genre ou la quantité de travail possible.'),
  ('Mental health', 'Santé mentale', 'Des problèmes de santé mentale qui nuisent à l''assiduité, à la confiance ou aux habitudes quotidiennes.'),
  ('Addictions', 'Dépendances', 'Consommation de substances ou autres dépendances qui nuisent à la préparation au travail ou à la formation.'),
  ('Disability', 'Handicap', 'Un handicap qui exige des mesures d''adaptation au travail ou en formation.'),
  ('Limited education', 'Scolarité limitée', 'N''a pas terminé ses études secondaires ou n''a pas les titres de compétences que demandent les employeurs.'),
  ('Limited work experience', 'Expérience de travail limitée', 'Peu ou pas d''antécédents de travail récents ou de références.'),
  ('Language barrier', 'Obstacle linguistique', 'Connaissance limitée de l''anglais ou du français pour le milieu de travail.'),
  ('Criminal record', 'Casier judiciaire', 'Un casier judiciaire qui limite les emplois ou les cotes de sécurité accessibles.'),
  ('Social isolation', 'Isolement social', 'Peu de liens familiaux ou communautaires sur lesquels compter pendant la recherche d''emploi.'),
  ('No childcare', 'Aucun service de garde', 'Aucun service de garde abordable ou disponible pendant les heures de travail ou de formation.'),
  ('No reliable transportation', 'Aucun moyen de transport fiable', 'Aucun véhicule ni transport en commun pour se rendre au travail ou à la formation.'),
  ('No driver''s licence', 'Aucun permis de conduire', 'Aucun permis de conduire valide là où un emploi ou le trajet en exige un.'),
  ('Unstable housing', 'Logement instable', 'Sans abri, à risque de perdre son logement ou en logement temporaire.')
) AS v(name, name_fr, description_fr)
WHERE b."name" = v.name AND NOT b."is_other" AND b."name_fr" IS NULL;
--> statement-breakpoint
UPDATE "supports" AS s SET "name_fr" = v.name_fr, "description_fr" = v.description_fr
FROM (VALUES
  ('Elder guidance', 'Conseils d''un Aîné', 'Rencontres avec un Aîné ou un gardien du savoir pour obtenir des conseils et du soutien.'),
  ('Cultural ceremony participation', 'Participation à des cérémonies culturelles', 'Participation à des cérémonies et à des rassemblements culturels qui favorisent le bien-être.'),
  ('Land-based learning', 'Apprentissage axé sur le territoire', 'Savoirs et compétences traditionnels acquis sur le territoire.'),
  ('Job search assistance', 'Aide à la recherche d''emploi', 'Aide pour trouver des offres d''emploi et poser sa candidature.'),
  ('Resume and cover letter help', 'Aide pour le curriculum vitæ et la lettre de présentation', 'Aide individuelle pour rédiger ou mettre à jour un curriculum vitæ et des lettres de présentation.'),
  ('Interview preparation', 'Préparation aux entrevues', 'Entrevues simulées et accompagnement pour répondre aux questions courantes.'),
  ('Job placement', 'Placement en emploi', 'Jumelage du client avec un employeur et suivi après l''embauche.'),
  ('Wage subsidy', 'Subvention salariale', 'Une subvention versée à l''employeur qui embauche le client.'),
  ('Work experience placement', 'Stage d''expérience de travail', 'Un court stage chez un employeur pour acquérir de l''expérience et des références.'),
  ('Self-employment coaching', 'Accompagnement au travail indépendant', 'Plan d''affaires et accompagnement pour les clients qui lancent leur propre entreprise.'),
  ('Budgeting and money management', 'Budget et gestion de l''argent', 'Ateliers ou accompagnement sur le budget, les services bancaires et la gestion de l''argent.'),
  ('Life skills coaching', 'Accompagnement en compétences de vie', 'Accompagnement sur les habitudes, la gestion du temps, la communication et la résolution de problèmes.'),
  ('Counselling referral', 'Orientation vers du counseling', 'Orientation vers des services de counseling ou de santé mentale.'),
  ('Childcare assistance', 'Aide pour la garde d''enfants', 'Aide pour payer la garde d''enfants pendant la formation ou le début d''un emploi.'),
  ('Transportation assistance', 'Aide au transport', 'Laissez-passer d''autobus, essence ou kilométrage pour se rendre au travail ou à la formation.'),
  ('Work clothing and gear', 'Vêtements et équipement de travail', 'Bottes, vêtements, outils ou équipement de sécurité nécessaires à un emploi.'),
  ('Tuition assistance', 'Aide pour les droits de scolarité', 'Aide pour payer les droits de scolarité, les manuels ou les frais d''un programme de formation.')
) AS v(name, name_fr, description_fr)
WHERE s."name" = v.name AND NOT s."is_other" AND s."name_fr" IS NULL;
--> statement-breakpoint
UPDATE "trainings" AS t SET "name_fr" = v.name_fr, "description_fr" = v.description_fr
FROM (VALUES
  ('WHMIS', 'SIMDUT', 'Système d''information sur les matières dangereuses utilisées au travail : étiquettes, fiches de données de sécurité et manutention sécuritaire.'),
  ('Standard First Aid and CPR', 'Secourisme général et RCR', 'Secourisme général de deux jours avec RCR de niveau C et DEA.'),
  ('Fall protection', 'Protection contre les chutes', 'Travailler en sécurité en hauteur : harnais, ancrages et plans de sauvetage.'),
  ('Confined space entry', 'Entrée en espace clos', 'Dangers, permis et procédures pour entrer dans un espace clos.'),
  ('H2S Alive', 'H2S Alive', 'Sécurité liée au sulfure d''hydrogène sur les chantiers pétroliers et gaziers.'),
  ('Traffic control flagger', 'Signaleur routier', 'Certification de signaleur pour les chantiers routiers et de construction.'),
  ('Construction Safety Training System', 'Construction Safety Training System', 'CSTS : sécurité de base sur les chantiers de construction.'),
  ('Food Safe', 'Food Safe', 'Manipulation, entreposage et salubrité des aliments pour le travail en service alimentaire.'),
  ('Serving It Right', 'Serving It Right', 'Service responsable d''alcool dans les établissements titulaires d''un permis.'),
  ('Forklift operator', 'Opérateur de chariot élévateur', 'Formation théorique et pratique sur les chariots élévateurs à contrepoids.'),
  ('Class 5 driver''s licence', 'Permis de conduire de classe 5', 'Leçons et examen sur route pour un permis complet de véhicule de promenade.'),
  ('Class 1 driver''s licence', 'Permis de conduire de classe 1', 'Formation obligatoire de premier échelon pour les conducteurs de semi-remorques.'),
  ('Microsoft Office', 'Microsoft Office', 'Word, Excel et Outlook au travail.'),
  ('Computer basics', 'Notions de base en informatique', 'Utiliser un ordinateur, le courriel et Internet, y compris pour postuler en ligne.'),
  ('Essential skills upgrading', 'Mise à niveau des compétences essentielles', 'Lecture, écriture, calcul et utilisation de documents au travail.'),
  ('Resume writing workshop', 'Atelier de rédaction de curriculum vitæ', 'Un atelier de groupe sur la rédaction d''un curriculum vitæ et d''une lettre de présentation.'),
  ('Interview skills workshop', 'Atelier sur les entrevues', 'Un atelier de groupe pour se préparer aux entrevues et répondre aux questions.')
) AS v(name, name_fr, description_fr)
WHERE t."name" = v.name AND NOT t."is_other" AND t."name_fr" IS NULL;
--> statement-breakpoint
UPDATE "barriers" SET "name_fr" = 'Autre', "description_fr" = 'Un obstacle qui ne figure pas dans la liste; le plan lui donne un nom.'
WHERE "is_other" AND "name" = 'Other' AND "name_fr" IS NULL;
--> statement-breakpoint
UPDATE "supports" SET "name_fr" = 'Autre', "description_fr" = 'Un soutien qui ne figure pas dans la liste; le plan lui donne un nom.'
WHERE "is_other" AND "name" = 'Other' AND "name_fr" IS NULL;
--> statement-breakpoint
UPDATE "trainings" SET "name_fr" = 'Autre', "description_fr" = 'Une formation qui ne figure pas dans la liste; le plan lui donne un nom.'
WHERE "is_other" AND "name" = 'Other' AND "name_fr" IS NULL;
--> statement-breakpoint
UPDATE "interaction_types" AS it SET "name_fr" = v.name_fr
FROM (VALUES
  (1, 'En personne'),
  (2, 'Appel téléphonique'),
  (3, 'Courriel'),
  (4, 'Message texte'),
  (5, 'Appel vidéo'),
  (6, 'Atelier'),
  (7, 'Visite à domicile ou dans la communauté')
) AS v(id, name_fr)
WHERE it."interaction_id" = v.id AND it."name_fr" IS NULL;
