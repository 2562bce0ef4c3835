import {
  CLIENT_BREAKDOWNS,
  clientListPath,
  FIGURE_COUNTS,
  type ClientBreakdown,
} from '@cairn/shared/client-list-filters';
import { DASHBOARD_SHAPES } from '@cairn/shared/reporting-dashboards';
import type { DashboardData } from '@cairn/shared/reporting.schemas';
import { can } from '@cairn/shared/roles';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleOf, useSession } from '../../../lib/session.ts';
import classes from './dashboard-view.module.css';
import { ClientsLink } from './clients-link.tsx';
import { LatestStories } from './latest-stories.tsx';
import { SeriesChart } from './series-chart.tsx';
import { monthsBetween } from './series-table.ts';
import { dataAsOfLine, useDashboardLabels } from './use-dashboard-labels.ts';

const isBreakdown = (name: string): name is ClientBreakdown =>
  (CLIENT_BREAKDOWNS as readonly string[]).includes(name);

/**
 * The clients list a figure or a series' point opens (issue 28): where it counts clients the list
 * can filter to (the clients dashboard's figures and breakdowns), for a reader who may open the
 * list (signed in, in this browser, with cases.read); otherwise nothing, and it is no link.
 */
function useClientLinks(data: DashboardData) {
  const role = roleOf(useSession()?.user);
  const reads = can(role, 'cases.read');
  return useMemo(() => {
    const on = reads && data.dashboard === 'clients';
    return {
      figure: (name: string) => {
        const counted = FIGURE_COUNTS[name];
        return on && counted ? clientListPath(data.params, counted) : undefined;
      },
      series: (name: string) =>
        on && isBreakdown(name)
          ? (key: string) => clientListPath(data.params, 'served', { name, key })
          : undefined,
    };
  }, [reads, data]);
}

/**
 * One dashboard drawn from its data (issue 12, the six dashboards): its title and scope (and, when
 * read from the read replica, the time its data is as of: "Data as of 10:42"), the
 * figures as cards, a chart with its table per series, and its lists. What is drawn is
 * DASHBOARD_SHAPES', the names the server computes. A figure or a bar that counts clients opens
 * them in the clients list; a series over months shows every month of the range.
 */
export function DashboardView({ data }: { data: DashboardData }) {
  const { t } = useTranslation('reports');
  const labels = useDashboardLabels();
  const shape = DASHBOARD_SHAPES[data.dashboard];
  const figures: readonly string[] = shape.figures;
  const series: readonly string[] = shape.series;
  const title = t(`dashboards.${data.dashboard}`);
  const months = useMemo(
    () => monthsBetween(data.params.start_date, data.params.end_date),
    [data.params.start_date, data.params.end_date],
  );
  const links = useClientLinks(data);
  const opensList = useId();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4}>
          {t('embed.scope', {
            centre: data.params.centre_name ?? t('embed.allCentres'),
            start: labels.date(data.params.start_date),
            end: labels.date(data.params.end_date),
          })}
        </Text>
        {data.data_as_of !== null && (
          <Text size="sm" c="dimmed" mt={2} data-as-of={data.data_as_of}>
            {dataAsOfLine(t, labels, data.data_as_of)}
          </Text>
        )}
      </div>

      <section aria-label={t('embed.figures')}>
        <span id={opensList} className={classes.visuallyHidden}>
          {t('embed.opensClients')}
        </span>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
          {figures.map((name) => (
            <Paper key={name} withBorder p="md" className={classes.card} data-figure={name}>
              <Text component="dt" size="sm" c="dimmed">
                {t(`figures.${name}`)}
              </Text>
              <Text component="dd" m={0} className={classes.figureValue}>
                {links.figure(name) ? (
                  <ClientsLink href={links.figure(name)!} describedBy={opensList}>
                    {labels.figure(name, data.figures[name] ?? 0)}
                  </ClientsLink>
                ) : (
                  labels.figure(name, data.figures[name] ?? 0)
                )}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {series.map((name) => (
          <SeriesChart
            key={name}
            name={name}
            title={t(`series.${data.dashboard}.${name}`)}
            points={data.series[name] ?? []}
            labels={labels}
            months={months}
            linkOf={links.series(name)}
          />
        ))}
      </SimpleGrid>

      {data.dashboard === 'stories' && <LatestStories rows={data.lists.latest ?? []} labels={labels} />}
    </Stack>
  );
}
