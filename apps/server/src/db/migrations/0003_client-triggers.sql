-- Interaction types offered by the interaction counters (spec §3).
INSERT INTO "interaction_types" ("interaction_id", "name", "sort_order") VALUES
  (1, 'In person', 1),
  (2, 'Phone call', 2),
  (3, 'Email', 3),
  (4, 'Text message', 4),
  (5, 'Video call', 5),
  (6, 'Workshop', 6),
  (7, 'Home or community visit', 7);
--> statement-breakpoint
-- Clients per centre, so the client list's total is a read of a few rows rather than a count
-- over every client. Statement-level triggers with transition tables keep bulk loads fast.
CREATE FUNCTION centre_client_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO centre_client_counts (centre_id, clients)
    SELECT centre_id, count(*) FROM new_rows GROUP BY centre_id
    ON CONFLICT (centre_id) DO UPDATE SET clients = centre_client_counts.clients + EXCLUDED.clients;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION centre_client_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE centre_client_counts c SET clients = c.clients - o.n
    FROM (SELECT centre_id, count(*) AS n FROM old_rows GROUP BY centre_id) o
    WHERE c.centre_id = o.centre_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION centre_client_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT o.centre_id AS old_centre, n.centre_id AS new_centre
      FROM old_rows o JOIN new_rows n USING (client_id)
      WHERE o.centre_id <> n.centre_id
  ), deltas AS (
    SELECT old_centre AS centre_id, -count(*) AS delta FROM moved GROUP BY old_centre
    UNION ALL
    SELECT new_centre, count(*) FROM moved GROUP BY new_centre
  )
  INSERT INTO centre_client_counts (centre_id, clients)
    SELECT centre_id, sum(delta) FROM deltas GROUP BY centre_id
    ON CONFLICT (centre_id) DO UPDATE SET clients = centre_client_counts.clients + EXCLUDED.clients;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_count_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION centre_client_counts_add();
--> statement-breakpoint
CREATE TRIGGER clients_count_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION centre_client_counts_remove();
--> statement-breakpoint
CREATE TRIGGER clients_count_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION centre_client_counts_move();
--> statement-breakpoint
-- clients.recent_plan_status mirrors the status of the client's newest plan, whoever writes plans.
CREATE FUNCTION clients_refresh_recent_plan_status(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE clients c SET recent_plan_status = latest.status
    FROM (
      SELECT ids.client_id,
             (SELECT p.status FROM plans p WHERE p.client_id = ids.client_id
               ORDER BY p.date DESC, p.plan_id DESC LIMIT 1) AS status
        FROM unnest(ids) AS ids(client_id)
    ) latest
    WHERE c.client_id = latest.client_id AND c.recent_plan_status IS DISTINCT FROM latest.status;
$$;
--> statement-breakpoint
CREATE FUNCTION plans_changed_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clients_refresh_recent_plan_status(ARRAY(SELECT DISTINCT client_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION plans_changed_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clients_refresh_recent_plan_status(ARRAY(SELECT DISTINCT client_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plans_status_insert AFTER INSERT ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plans_changed_new();
--> statement-breakpoint
CREATE TRIGGER plans_status_update AFTER UPDATE ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plans_changed_new();
--> statement-breakpoint
CREATE TRIGGER plans_status_delete AFTER DELETE ON plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plans_changed_old();
