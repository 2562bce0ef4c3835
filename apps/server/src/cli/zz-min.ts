import { PgDialect } from 'drizzle-orm/pg-core';
import { followUpsSql, interventionsSql, outcomesSql, participantsSql, spendingSql } from '../modules/reporting/ministry-report.repository.ts';
const r = { start: '2025-04-01', end: '2026-03-31' };
for (const [name, f] of Object.entries({ participantsSql, interventionsSql, outcomesSql, followUpsSql, spendingSql })) {
  const q = new PgDialect().sqlToQuery(f(r));
  let text = q.sql;
  (q.params as unknown[]).forEach((v, i) => { text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`, 'g'), typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`); });
  console.log(`\\echo ${name}\n\\copy (${text.replace(/\s+/g, ' ')}) to '/dev/null'`);
}
