import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { statementName, type Db, type Executor } from './database.ts';

const dialect = new PgDialect();

/** A value written as an SQL literal: text through pg's escapeLiteral (quotes and backslashes). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  return pg.escapeLiteral(JSON.stringify(value));
}

/** The ending statements each connection has prepared (PREPARE lasts as long as the connection). */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

/** A statement to end a transaction with, with its values (endingStatement). */
export interface EndingCall {
  /** The statement with its values, as drizzle runs it (PGlite, or within a transaction). */
  query(): SQL;
  /** Its text with a `$n` for each value, built once; its prepared name; the values in that order. */
  prepared(): { text: string; name: string; values: unknown[] };
}

/**
 * A statement that ends transactions (transactionEndingWith), built once: `build` runs once with a
 * drizzle placeholder standing for each value (on PostgreSQL), and its text and name are kept;
 * each call only orders its values. As with shapedStatement, `build` must not branch on a value,
 * and every value of the statement is one of `values`.
 */
export function endingStatement<V extends Record<string, unknown>>(
  build: (values: V) => SQL,
): (values: V) => EndingCall {
  let built: { text: string; name: string; order: string[] } | undefined;
  return (values) => ({
    query: () => build(values),
    prepared() {
      if (!built) {
        const names = Object.fromEntries(Object.keys(values).map((key) => [key, sql.placeholder(key)]));
        const { sql: text, params } = dialect.sqlToQuery(build(names as unknown as V));
        const order = params.map((p) => {
          if (!is(p, Placeholder))
            throw new TypeError('an ending statement takes every value from its values');
          return p.name;
        });
        // Not the driver's `q_` names (statementName): one namespace holds both kinds.
        built = { text, name: `e_${statementName(text).slice(2)}`, order };
      }
      return { text: built.text, name: built.name, values: built.order.map((key) => values[key]) };
    },
  });
}

/**
 * The message that ends a transaction with `last` and commits: `last` prepared once per connection
 * (SQL's PREPARE, so that PostgreSQL plans it once, as a named statement of the driver would be),
 * then run by EXECUTE with its values as literals. `prepare` tells whether this message prepares it.
 */
function endingMessage(
  client: pg.ClientBase,
  last: EndingCall,
): { text: string; name: string; prepare: boolean } {
  const { text, name, values } = last.prepared();
  const prepare = !preparedOn.get(client)?.has(name);
  const execute = `EXECUTE ${name}${values.length ? `(${values.map(literal).join(', ')})` : ''}`;
  return { text: `${prepare ? `PREPARE ${name} AS ${text};\n` : ''}${execute};\nCOMMIT`, name, prepare };
}

/** What a transaction's work answers: its result, and the statement to end it with, if any. */
export interface Ending<T> {
  result: T;
  last: EndingCall | null;
}

/** What the transactions of a pool's drizzle database are built from (drizzle's own fields). */
interface PoolSession {
  client: unknown;
  dialect: PgDialect;
  schema: unknown;
  options: unknown;
}

/**
 * Runs `work` in a transaction that ends with the statement `work` answers as `last`. On
 * PostgreSQL that statement travels with the COMMIT in one message (a simple query: `last`
 * prepared once per connection, then EXECUTE with its values as literals, then COMMIT): one round
 * trip fewer than running it and then committing, and a socket write is most of what a statement
 * costs the server's process (docs/performance.md, the audit trail). Should it fail, COMMIT does
 * not run; the connection is then closed, taking the transaction with it. The transaction `work`
 * gets is drizzle's own (NodePgTransaction over the connection, savepoints for nested
 * transactions), built as drizzle builds it. On PGlite, or when `db` is already a transaction, the
 * statement runs as the transaction's last, then drizzle commits.
 */
export async function transactionEndingWith<T>(
  db: Executor,
  work: (tx: Db) => Promise<Ending<T>>,
): Promise<T> {
  const session = (db as { session?: PoolSession }).session;
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool) || !session || session.client !== pool) {
    return db.transaction(async (tx) => {
      const { result, last } = await work(tx as Db);
      if (last) await tx.execute(last.query());
      return result;
    });
  }
  const client = await pool.connect();
  // An error that leaves the connection in doubt: it is closed, not handed to the next caller.
  let broken: Error | undefined;
  const closing = (err: unknown) => {
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  };
  try {
    const own = new NodePgSession(client, session.dialect, session.schema as never, session.options as never);
    const tx = new NodePgTransaction(session.dialect, own, session.schema as never) as unknown as Db;
    await client.query('BEGIN').catch(closing);
    let ending: Ending<T>;
    try {
      ending = await work(tx);
    } catch (err) {
      await client.query('ROLLBACK').catch(closing);
      throw err;
    }
    const message = ending.last ? endingMessage(client, ending.last) : null;
    await client.query(message?.text ?? 'COMMIT').catch(closing);
    if (message?.prepare) preparedOn.set(client, (preparedOn.get(client) ?? new Set()).add(message.name));
    return ending.result;
  } finally {
    client.release(broken);
  }
}
