import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * What the migration step settles as the database's owner, after the migrations (issue 27):
 * the retention that audit_drop_partition enforces (audit_policy, AUDIT_RETENTION_MONTHS), and,
 * when the server connects as a role of its own (DATABASE_URL and MIGRATION_DATABASE_URL name
 * different users), what that role may do: every data table as before, but on the audit trail
 * (the table and each partition) and audit_policy only SELECT and INSERT (audit_policy: SELECT;
 * the inbox of changes' entries SELECT, INSERT and DELETE);
 * the sequences; the migrations' record, SELECT only; and the same on tables and sequences
 * created later (default privileges; a new
 * audit partition takes its rights back itself, audit_partition_for). Idempotent: it runs at
 * every start.
 */
export async function settleServerRole(
  owner: Db,
  server: Db,
  { auditRetentionMonths }: { auditRetentionMonths?: number },
): Promise<void> {
  if (auditRetentionMonths !== undefined)
    await owner.execute(sql`UPDATE audit_policy SET retention_months = ${auditRetentionMonths}`);
  const userOf = async (db: Db) =>
    ((await db.execute(sql`SELECT current_user AS name`)) as unknown as { rows: Array<{ name: string }> })
      .rows[0]!.name;
  const [ownerUser, serverUser] = [await userOf(owner), await userOf(server)];
  if (ownerUser === serverUser) return;

  const role = sql.identifier(serverUser);
  await owner.execute(sql`GRANT USAGE ON SCHEMA public TO ${role}`);
  await owner.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
  await owner.execute(sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
  await owner.execute(
    sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
  );
  await owner.execute(
    sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`,
  );
  const partitions = (
    (await owner.execute(
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'audit_entries'::regclass`,
    )) as unknown as { rows: Array<{ name: string }> }
  ).rows.map((r) => r.name);
  for (const table of ['audit_entries', ...partitions])
    await owner.execute(
      sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${sql.identifier(table)} FROM ${role}`,
    );
  await owner.execute(
    sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_policy FROM ${role}`,
  );
  // The inbox of changes' entries (migration 0024): written by the changes, moved (deleted) into
  // the chain by the writer, never edited nor emptied wholesale.
  await owner.execute(sql`REVOKE UPDATE, TRUNCATE, REFERENCES, TRIGGER ON audit_inbox FROM ${role}`);
  await owner.execute(
    sql`GRANT EXECUTE ON FUNCTION audit_partition_for(date), audit_drop_partition(text) TO ${role}`,
  );
  // The migrations' record, read (never written) to tell the schema's level: readiness, and a
  // server started with MIGRATE_ON_START=off waiting for `npm run migrate` (schema-level.ts).
  await owner.execute(sql`GRANT USAGE ON SCHEMA drizzle TO ${role}`);
  await owner.execute(sql`GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`);
}
