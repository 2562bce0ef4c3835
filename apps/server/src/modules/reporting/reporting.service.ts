import type { Locale } from '@cairn/shared/locales';
import { DASHBOARD_SHAPES } from '@cairn/shared/reporting-dashboards';
import {
  ALL_CENTRES,
  type DashboardData,
  type DashboardLink,
  type DashboardLinkBody,
  type SeriesPoint,
} from '@cairn/shared/reporting.schemas';
import type { Db } from '../../db/database.ts';
import type { ReportSource } from '../../db/replica.ts';
import { dataAsOf } from '../../lib/report-source.ts';
import type { DashboardGrant, DashboardLinks } from '../../lib/dashboard-links.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { dashboardCentre, grantScope } from '../access/dashboards.policy.ts';
import { latestStories } from './reporting-activity.repository.ts';
import { dashboardRowsOf } from './reporting-dashboards.repository.ts';
import { centreName, type DashboardRange, type DashboardRow } from './reporting-rows.repository.ts';

type Body = Omit<DashboardLinkBody, 'centre_id'> & { centre_id: number };

/** POST /reporting/dashboard-links: a link signed by the server, living REPORTING_LIMITS.linkSeconds. */
export async function createLink(
  db: Db,
  links: DashboardLinks,
  actor: Actor,
  body: Body,
): Promise<DashboardLink> {
  const centre = await dashboardCentre(
    actor,
    body.centre_id,
    async (id) => (await centreName(db, id)) !== undefined,
  );
  const { token, expiresAt } = links.sign({
    dashboard: body.dashboard,
    start_date: body.start_date,
    end_date: body.end_date,
    centre_id: centre,
  });
  return { url: `/embed/dashboard/${token}`, expires_at: expiresAt.toISOString() };
}

/** A dashboard link's grant, or 401 invalid_dashboard_link: checked before anything is read. */
export function grantOf(links: DashboardLinks, token: string): DashboardGrant {
  const grant = links.verify(token);
  if (!grant) throw new HttpError(401, 'invalid_dashboard_link');
  return grant;
}

/**
 * GET /embed/dashboard/{token}: the grant's dashboard, every number from the database `source`
 * names (the read replica or the primary: lib/report-source.ts), with the time its data is as of.
 */
export async function dashboardData(
  source: ReportSource,
  grant: Omit<DashboardGrant, 'exp'>,
  locale: Locale,
): Promise<DashboardData> {
  return { ...(await computeDashboard(source.db, grant, locale)), data_as_of: dataAsOf(source) };
}

async function computeDashboard(
  db: Db,
  grant: Omit<DashboardGrant, 'exp'>,
  locale: Locale,
): Promise<Omit<DashboardData, 'data_as_of'>> {
  const range: DashboardRange = {
    start: grant.start_date,
    end: grant.end_date,
    scope: grantScope(grant.centre_id),
    locale,
  };
  const [rows, name, latest] = await Promise.all([
    dashboardRowsOf(db, grant.dashboard, range),
    grant.centre_id === ALL_CENTRES ? Promise.resolve(undefined) : centreName(db, grant.centre_id),
    grant.dashboard === 'stories' ? latestStories(db, range) : Promise.resolve(undefined),
  ]);
  const shape = DASHBOARD_SHAPES[grant.dashboard];
  const figures: Record<string, number> = Object.fromEntries(shape.figures.map((f) => [f, 0]));
  const series: Record<string, SeriesPoint[]> = Object.fromEntries(shape.series.map((s) => [s, []]));
  for (const row of rows) {
    if (row.kind === 'figure') figures[row.name] = Number(row.value);
    else series[row.name]?.push(pointOf(row));
  }
  const lists: DashboardData['lists'] = Object.fromEntries(shape.lists.map((l) => [l, []]));
  if (latest) lists.latest = latest.map((s) => ({ ...s }));
  return {
    dashboard: grant.dashboard,
    params: {
      start_date: grant.start_date,
      end_date: grant.end_date,
      centre_id: grant.centre_id,
      centre_name: name ?? null,
    },
    figures,
    series,
    lists,
  };
}

function pointOf(row: DashboardRow): SeriesPoint {
  return {
    key: row.key ?? 'unknown',
    ...(row.label !== null ? { label: row.label } : {}),
    ...(row.grp !== null ? { group: row.grp } : {}),
    value: Number(row.value),
  };
}
