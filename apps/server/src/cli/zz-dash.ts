import { PgDialect } from 'drizzle-orm/pg-core';
import { DASHBOARD_SQL } from '../modules/reporting/reporting-dashboards.repository.ts';
const [name, centre] = process.argv.slice(2);
const scope = centre ? { allCentres: false, centreId: Number(centre) } : { allCentres: true, centreId: null };
const q = new PgDialect().sqlToQuery((DASHBOARD_SQL as any)[name!]({ start: '2025-04-01', end: '2026-03-31', scope }));
let text = q.sql;
(q.params as unknown[]).forEach((v, i) => { text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`, 'g'), typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`); });
console.log('SET random_page_cost = 1.1; EXPLAIN (ANALYZE, BUFFERS) ' + text + ';');
