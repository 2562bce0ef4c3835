import { DASHBOARD_SHAPES } from '@cairn/shared/reporting-dashboards';
import type { DashboardData } from '@cairn/shared/reporting.schemas';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './dashboard-view.module.css';
import { LatestStories } from './latest-stories.tsx';
import { SeriesChart } from './series-chart.tsx';
import { useDashboardLabels } from './use-dashboard-labels.ts';

/**
 * One dashboard drawn from its data (issue 12, the six dashboards): its title and scope, the
 * figures as cards, a chart with its table per series, and its lists. What is drawn is
 * DASHBOARD_SHAPES', the names the server computes.
 */
export function DashboardView({ data }: { data: DashboardData }) {
  const { t } = useTranslation('reports');
  const labels = useDashboardLabels();
  const shape = DASHBOARD_SHAPES[data.dashboard];
  const figures: readonly string[] = shape.figures;
  const series: readonly string[] = shape.series;
  const title = t(`dashboards.${data.dashboard}`);

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
      </div>

      <section aria-label={t('embed.figures')}>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
          {figures.map((name) => (
            <Paper key={name} withBorder p="md" className={classes.card} data-figure={name}>
              <Text component="dt" size="sm" c="dimmed">
                {t(`figures.${name}`)}
              </Text>
              <Text component="dd" m={0} className={classes.figureValue}>
                {labels.figure(name, data.figures[name] ?? 0)}
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
          />
        ))}
      </SimpleGrid>

      {data.dashboard === 'stories' && <LatestStories rows={data.lists.latest ?? []} labels={labels} />}
    </Stack>
  );
}
