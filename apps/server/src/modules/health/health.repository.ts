import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';

/** Whether the server's role may write the audit trail: its inbox and its chain. */
export async function mayWriteTrail(db: Executor): Promise<boolean> {
  const [row] = await selectRows<{ may: boolean }>(
    db,
    sql`SELECT has_table_privilege('audit_entries', 'INSERT')
           AND has_table_privilege('audit_inbox', 'INSERT') AS may`,
  );
  return row?.may === true;
}
