import {
  ALL_CENTRES,
  DASHBOARDS,
  dashboardLinkBodySchema,
  type Dashboard,
} from '@cairn/shared/reporting.schemas';
import { ministryReportQuerySchema } from '@cairn/shared/reporting.schemas';
import { can } from '@cairn/shared/roles';
import { Container, Tabs, Text, Title } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCentres } from '../../../lib/centre-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useFormats } from '../../../lib/use-formats.ts';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useDashboardLink } from '../api/reporting-queries.ts';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { MinistryPanel } from '../components/ministry-panel.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { useReportParams, type ReportParams, type ReportTab } from '../components/use-report-params.ts';
import classes from './reports-page.module.css';

const validLink = schemaValidator(dashboardLinkBodySchema);
const validMinistryRange = schemaValidator(ministryReportQuerySchema);

/** The range's messages for the tab: a dashboard link's rules, or the ministry spreadsheet's. */
function rangeErrors(params: ReportParams, dashboard: Dashboard | null): { start?: string; end?: string } {
  const found = dashboard
    ? validLink({ dashboard, start_date: params.start, end_date: params.end, centre_id: params.centre })
    : validMinistryRange({ start: params.start, end: params.end });
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return dashboard
    ? { start: text(found.start_date), end: text(found.end_date) }
    : { start: text(found.start), end: text(found.end) };
}

/**
 * /reports (spec §2 Reports, §6): a tab per dashboard for every role and Ministry for Admins; the
 * date range and, for Admins and Reporters, the centre; the dashboard in a frame at a signed link
 * that a tab change, a filter change or Refresh asks for anew, and that renews itself.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('title'));
  const user = useSession()?.user;
  const role = roleOf(user);
  const chooseCentre = can(role, 'reports.chooseCentre');
  const tabs = useMemo<readonly ReportTab[]>(
    () => (can(role, 'reports.ministry') ? [...DASHBOARDS, 'ministry'] : DASHBOARDS),
    [role],
  );
  const { params, update } = useReportParams(tabs);
  const dashboard = params.tab === 'ministry' ? null : params.tab;
  const errors = rangeErrors(params, dashboard);
  const rangeOk = !errors.start && !errors.end;

  // A Coordinator's dashboards are always their own centre's (the server holds them to it too).
  const centre = chooseCentre ? params.centre : (user?.centre?.centre_id ?? ALL_CENTRES);
  const link = useDashboardLink(
    dashboard && rangeOk
      ? { dashboard, start_date: params.start, end_date: params.end, centre_id: centre }
      : null,
  );
  const refresh = () => void link.refetch();
  const frame = useRef<HTMLIFrameElement>(null);
  // Print prints the dashboard's own page (its heading names the filters, its tables paginate);
  // the browser's Print prints this screen, laid out for paper by reports-page.module.css.
  const print = () => frame.current?.contentWindow?.print();
  const centres = useCentres(chooseCentre && centre !== ALL_CENTRES);
  const formats = useFormats();
  const centreName =
    centre === ALL_CENTRES
      ? t('filters.allCentres')
      : ((chooseCentre ? centres.data?.find((c) => c.centre_id === centre)?.name : user?.centre?.name) ?? '');

  return (
    <Container size="xl" py="lg" className={classes.screen}>
      <Title order={1} mb="md">
        {t('title')}
      </Title>
      <Tabs
        value={params.tab}
        onChange={(value) => {
          const tab = tabs.find((name) => name === value);
          if (tab) update({ tab });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabsLabel')} mb="md" className={classes.screenOnly}>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((name) => (
          <Tabs.Panel key={name} value={name}>
            <div className={classes.screenOnly}>
              <ReportFilters
                params={params}
                onChange={update}
                errors={errors}
                chooseCentre={chooseCentre && name !== 'ministry'}
                onRefresh={name === 'ministry' ? undefined : refresh}
                onPrint={name === 'ministry' || !link.data ? undefined : print}
              />
            </div>
            {name !== 'ministry' && rangeOk && (
              <Title order={2} size="h3" mb="sm" className={classes.printOnly}>
                {t('print.heading', {
                  dashboard: t(`tabs.${name}`),
                  centre: centreName,
                  start: formats.longDate(params.start),
                  end: formats.longDate(params.end),
                })}
              </Title>
            )}
            {name === 'ministry' ? (
              <MinistryPanel range={rangeOk ? { start: params.start, end: params.end } : null} />
            ) : rangeOk ? (
              <DashboardFrame
                url={link.data?.url}
                version={link.dataUpdatedAt}
                title={t('frame.title', { dashboard: t(`tabs.${name}`) })}
                onExpired={refresh}
                frameRef={frame}
              />
            ) : (
              <Text c="dimmed">{t('frame.fixFilters')}</Text>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
