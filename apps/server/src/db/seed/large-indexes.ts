import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../database.ts';
import { textArray } from './large-sql.ts';

/**
 * The large seed's indexes built after its load rather than kept up by every insert: each
 * index of a table the load fills costs each insert its own descent, and once the indexes outgrow
 * PostgreSQL's shared buffers those descents wait on page reads (from the system's cache, on the
 * machine measured: `DataFileRead` in pg_stat_activity), so the load's rate fell by half
 * between its first clients and its millionth. The indexes the load reads stay (the records'
 * look-ups of their plan or client, the duplicate finder's candidates, every unique index and
 * constraint); the others (the list's sort orders, the reports' and the search's) are dropped
 * before the load and built again from their own definitions after it.
 */

/**
 * The tables the load fills, clients' records and the rows derived from them (large-batch.ts), and
 * the duplicate pairs its finders add (read by their primary key alone while they work).
 */
export const LOADED_TABLES = [
  'clients',
  'client_duplicate_pairs',
  'client_interactions',
  'client_search',
  'client_search_words',
  'plans',
  'outcomes',
  'stories',
  'follow_ups',
  'plan_barriers',
  'plan_supports',
  'plan_trainings',
  'spendings',
  'notes',
  'report_client_spans',
  'report_day_counts',
  'report_interaction_days',
  'report_story_days',
] as const;

/**
 * The non-unique indexes of those tables that the load reads, kept through it: those
 * `pg_stat_user_indexes` showed read thousands of times by a 100,000-client seed (the others, none
 * or a few times). The duplicate finder's, as it runs beside the load; the plans', the
 * interactions' and the stories' by client (each batch's derived rows read its clients' records:
 * large-indexes.test.ts requires an index for each); the records' by plan.
 */
export const READ_BY_THE_LOAD = [
  'clients_sin_hash_idx',
  'clients_email_lower_idx',
  'clients_match_phone_idx',
  'clients_dob_family_initial_idx',
  'clients_dob_first_initial_idx',
  'clients_match_family_dob_first_idx',
  'clients_match_first_dob_idx',
  'client_interactions_client_idx',
  'client_interactions_client_created_idx',
  'plans_client_idx',
  'stories_client_idx',
  'notes_plan_idx',
  'spendings_plan_idx',
] as const;

/** An index dropped for the load, with what builds it again. */
export interface IndexSetAside {
  name: string;
  definition: string;
}

/**
 * Drops the loaded tables' indexes the load does not read, answering their definitions, the
 * biggest first (so two builders finish together). Unique indexes and those of a constraint stay.
 */
export async function setIndexesAside(db: Db): Promise<IndexSetAside[]> {
  const aside = await selectRows<IndexSetAside>(
    db,
    sql`SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
          FROM pg_index x
          JOIN pg_class i ON i.oid = x.indexrelid
          JOIN pg_class t ON t.oid = x.indrelid
         WHERE t.relnamespace = current_schema()::regnamespace
           AND t.relname = ANY (${textArray(LOADED_TABLES)})
           AND NOT x.indisunique
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
           AND i.relname <> ALL (${textArray(READ_BY_THE_LOAD)})
         ORDER BY pg_relation_size(x.indexrelid) DESC, i.relname`,
  );
  if (aside.length > 0) {
    await db.execute(sql.raw(`DROP INDEX ${aside.map((index) => `"${index.name}"`).join(', ')}`));
  }
  return aside;
}

/**
 * Builds the indexes set aside again, on `connections` connections at once (PostgreSQL's pool;
 * PGlite has one), each with room to sort in memory.
 */
export async function buildIndexesAgain(
  db: Db,
  aside: readonly IndexSetAside[],
  connections: number,
): Promise<void> {
  const queue = [...aside];
  const builder = async () => {
    for (let index; (index = queue.shift());) {
      const { definition } = index;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
        await tx.execute(sql.raw(definition));
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, builder));
}
