import type { Dashboard } from '@cairn/shared/reporting.schemas';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { interactionsDashboardSql, storiesDashboardSql } from './reporting-activity.repository.ts';
import { clientsDashboardSql } from './reporting-clients.repository.ts';
import { outcomesDashboardSql, plansDashboardSql } from './reporting-plans.repository.ts';
import { dashboardRows, type DashboardRange, type DashboardRow } from './reporting-rows.repository.ts';
import { supportsDashboardSql } from './reporting-supports.repository.ts';

/** Each dashboard's one statement (exported for the benchmark, which times it beside the API). */
export const DASHBOARD_SQL: Record<Dashboard, (r: DashboardRange) => SQL> = {
  clients: clientsDashboardSql,
  client_interactions: interactionsDashboardSql,
  plans: plansDashboardSql,
  outcomes: outcomesDashboardSql,
  supports_trainings: supportsDashboardSql,
  stories: storiesDashboardSql,
};

/** A dashboard's figures and series, as rows (see DashboardRow). */
export function dashboardRowsOf(
  db: Executor,
  dashboard: Dashboard,
  r: DashboardRange,
): Promise<DashboardRow[]> {
  return dashboardRows(db, DASHBOARD_SQL[dashboard](r));
}
