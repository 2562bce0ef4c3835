/**
 * The statements the clients API runs for the benchmarked calls, written out as plain SQL so the
 * benchmark can time the database alone beside the whole request. They mirror
 * modules/clients/clients.repository.ts (listClients and findClientProfile); the benchmark checks
 * before timing that each answers what the API answers, so a change there that is not made here
 * stops the run instead of timing the wrong thing.
 */

export interface RawQuery {
  text: string;
  values: unknown[];
}

export interface ListScope {
  /** null: every centre (an Admin). */
  centreId: number | null;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * GET /clients sorted by updated_at, newest first (the default), with the total: the scope and an
 * optional search word become the same conditions the repository writes.
 */
export function listQuery(
  scope: ListScope,
  o: { word: string | null; perPage: number; page: number },
): RawQuery {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const inScope = scope.centreId === null ? 'true' : `c.centre_id = ${param(scope.centreId)}`;
  const search = o.word === null ? null : `c.search_text LIKE ${param(`%${escapeLike(o.word)}%`)}`;
  const limit = param(o.perPage);
  const offset = param((o.page - 1) * o.perPage);
  const total = search
    ? `(SELECT count(*)::int FROM clients c WHERE ${inScope} AND ${search})`
    : scope.centreId === null
      ? '(SELECT coalesce(sum(n.clients), 0)::int FROM centre_client_counts n)'
      : `coalesce((SELECT n.clients FROM centre_client_counts n WHERE n.centre_id = ${param(scope.centreId)}), 0)`;
  const text = `
      WITH page AS (
        SELECT c.client_id, c.updated_at AS sort_value
          FROM clients c
         WHERE ${inScope} AND ${search ?? 'true'}
         ORDER BY c.updated_at DESC NULLS LAST, c.client_id DESC NULLS LAST
         LIMIT ${limit} OFFSET ${offset}
      )
      SELECT t.total, c.client_id, c.first_name || ' ' || c.last_name AS full_name, c.email, c.phone,
             ce.name AS centre_name, c.recent_plan_status, ${ISO('c.updated_at')} AS updated_at, c.missing_info
        FROM (SELECT ${total} AS total) t
        LEFT JOIN page p ON true
        LEFT JOIN clients c ON c.client_id = p.client_id
        LEFT JOIN centres ce ON ce.centre_id = c.centre_id
       ORDER BY p.sort_value DESC NULLS LAST, p.client_id DESC NULLS LAST`;
  return { text, values };
}

/** GET /clients/{id} for an Admin: the whole profile in one statement. */
export function profileQuery(clientId: number): RawQuery {
  const text = `
      SELECT c.client_id, c.first_name, c.middle_name, c.last_name, c.date_of_birth::text AS date_of_birth,
             c.gender, c.email, c.phone, c.address, c.city, c.province, c.postal_code,
             c.sin_encrypted IS NOT NULL AS has_sin, c.sin_last3,
             c.language_spoken, c.marital_status, c.number_dependents, c.youth_in_care, c.nation,
             c.disability, c.citizenship, c.highest_education, c.indigenous, c.status_type, c.reserve,
             c.indigenous_language, c.status_number, c.consent, c.centre_id, ce.name AS centre_name,
             (SELECT coalesce(json_agg(json_build_object(
                        'group_id', g.group_id, 'name', g.name, 'created_at', ${ISO('g.created_at')})
                      ORDER BY g.created_at DESC, g.group_id DESC), '[]'::json)
                FROM group_clients gc JOIN groups g ON g.group_id = gc.group_id
               WHERE gc.client_id = c.client_id) AS groups,
             (SELECT count(*)::int FROM plans p WHERE p.client_id = c.client_id) AS plans_count,
             0 AS stories_count,
             c.missing_info, ${ISO('c.created_at')} AS created_at, ${ISO('c.updated_at')} AS updated_at
        FROM clients c JOIN centres ce ON ce.centre_id = c.centre_id
       WHERE c.client_id = $1 AND true`;
  return { text, values: [clientId] };
}
