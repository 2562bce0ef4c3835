import type { SeriesPoint } from '@cairn/shared/reporting.schemas';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard-view.module.css';
import { tableOf, type Table2D } from './series-table.ts';
import type { DashboardLabels } from './use-dashboard-labels.ts';

/** Colours of the theme for a chart's groups and slices, in order. */
const PALETTE = [
  'cairn.6',
  'teal.7',
  'orange.7',
  'grape.6',
  'yellow.8',
  'red.7',
  'indigo.5',
  'lime.8',
  'pink.6',
];
const colourOf = (index: number) => PALETTE[index % PALETTE.length]!;

/** A month key (YYYY-MM): such a series reads as a line over time. */
const MONTH = /^\d{4}-\d{2}$/;
/** Keys of yes-or-no answers: such a series reads as a ring of shares. */
const YES_NO = new Set(['yes', 'no', 'unknown']);

/** Bar labels beyond this many characters are cut on the chart; the table and tooltip show them whole. */
const TICK_MAX = 22;
const cut = (text: string) => (text.length > TICK_MAX ? `${text.slice(0, TICK_MAX - 1)}…` : text);

interface SeriesChartProps {
  /** The series' name (DASHBOARD_SHAPES). */
  name: string;
  title: string;
  points: SeriesPoint[];
  labels: DashboardLabels;
}

/**
 * One series of a dashboard: a chart of @mantine/charts in the theme's colours, and its table.
 * The chart is a picture for sighted readers (hidden from screen readers); the table says the same
 * to screen readers, to anyone who asks for it (Show table), and on paper, where it replaces the
 * chart.
 */
export function SeriesChart({ name, title, points, labels }: SeriesChartProps) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const [tableShown, setTableShown] = useState(false);
  const table = useMemo(() => tableOf(name, points, labels, t('embed.value')), [name, points, labels, t]);
  const format = (value: number) => labels.value(name, value);

  return (
    <Paper withBorder p="md" className={classes.card} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {points.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            className={classes.tableToggle}
            aria-pressed={tableShown}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? t('embed.hideTable') : t('embed.showTable')}
          </Button>
        )}
      </Group>
      {points.length === 0 ? (
        <Text c="dimmed">{t('embed.empty')}</Text>
      ) : (
        <>
          <div className={classes.chart} aria-hidden>
            <Chart name={name} points={points} table={table} format={format} />
          </div>
          <Table
            className={tableShown ? classes.table : `${classes.table} ${classes.visuallyHidden}`}
            striped
            withTableBorder
            mt="sm"
          >
            <Table.Caption className={classes.visuallyHidden}>
              {t('embed.tableCaption', { title })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('embed.category')}</Table.Th>
                {table.columns.map((column, index) => (
                  <Table.Th key={index} scope="col" ta="right">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw="normal">
                    {row.label}
                  </Table.Th>
                  {row.values.map((value, index) => (
                    <Table.Td key={index} ta="right">
                      {format(value)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Paper>
  );
}

interface ChartProps {
  name: string;
  points: SeriesPoint[];
  table: Table2D;
  format: (value: number) => string;
}

/** The chart that reads best for the series: a line over months, a ring of yes/no shares, else bars. */
function Chart({ points, table, format }: ChartProps) {
  const series = table.columns.map((label, index) => ({ name: `c${index}`, label, color: colourOf(index) }));
  const data = table.rows.map((row) => ({
    label: row.label,
    ...Object.fromEntries(row.values.map((value, index) => [`c${index}`, value])),
  }));

  if (points.every((p) => MONTH.test(p.key))) {
    return (
      <LineChart
        h={240}
        data={data}
        dataKey="label"
        series={series}
        withLegend={series.length > 1}
        valueFormatter={format}
        accessibilityLayer={false}
        curveType="linear"
        tickLine="none"
      />
    );
  }
  if (table.columns.length === 1 && points.every((p) => YES_NO.has(p.key))) {
    return (
      <Group justify="center">
        <DonutChart
          size={180}
          thickness={28}
          data={table.rows.map((row, index) => ({
            name: row.label,
            value: row.values[0]!,
            color: colourOf(index),
          }))}
          valueFormatter={format}
          withLabels
          labelsType="value"
          accessibilityLayer={false}
          pieProps={{ rootTabIndex: -1 }}
        />
        <Group gap="md" wrap="wrap" justify="center">
          {table.rows.map((row, index) => (
            <Group key={row.key} gap={6} wrap="nowrap">
              <span
                className={classes.swatch}
                style={{ background: `var(--mantine-color-${colourOf(index).replace('.', '-')})` }}
              />
              <Text size="sm">{row.label}</Text>
            </Group>
          ))}
        </Group>
      </Group>
    );
  }
  return (
    <BarChart
      h={Math.max(140, 48 + data.length * 34 * Math.max(1, series.length * 0.7))}
      data={data}
      dataKey="label"
      series={series}
      orientation="vertical"
      withLegend={series.length > 1}
      valueFormatter={format}
      accessibilityLayer={false}
      gridAxis="x"
      yAxisProps={{ width: 150, tickFormatter: (value: string) => cut(value) }}
    />
  );
}
