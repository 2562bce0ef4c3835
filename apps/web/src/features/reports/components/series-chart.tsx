import type { SeriesPoint } from '@cairn/shared/reporting.schemas';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barAxisLayout, textWidth, TICK_FONT_PX } from './bar-labels.ts';
import { ClientsLink } from './clients-link.tsx';
import classes from './dashboard-view.module.css';
import { openFromDashboard } from './embed-messages.ts';
import { MONTH_KEY, tableOf, type Table2D } from './series-table.ts';
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

/** Keys of yes-or-no answers: such a series reads as a ring of shares. */
const YES_NO = new Set(['yes', 'no', 'unknown']);

interface SeriesChartProps {
  /** The series' name (DASHBOARD_SHAPES). */
  name: string;
  title: string;
  points: SeriesPoint[];
  labels: DashboardLabels;
  /** Every month of the range (YYYY-MM): a series over months shows each, 0 where nothing was. */
  months: readonly string[];
  /** The clients list a point's key counts, when it counts clients the list can filter to. */
  linkOf?: (key: string) => string | undefined;
}

/**
 * One series of a dashboard: a chart of @mantine/charts in the theme's colours, and its table.
 * The chart is a picture for sighted readers (hidden from screen readers); the table says the same
 * to screen readers, to anyone who asks for it (Show table), and on paper, where it replaces the
 * chart.
 */
export function SeriesChart({ name, title, points, labels, months, linkOf }: SeriesChartProps) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const [tableShown, setTableShown] = useState(false);
  const table = useMemo(
    () => tableOf(name, points, labels, t('embed.value'), months),
    [name, points, labels, t, months],
  );
  const format = (value: number) => labels.value(name, value);

  return (
    <Paper withBorder p="md" className={classes.card} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={headingId} className={classes.cardTitle}>
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
            <Chart name={name} points={points} table={table} format={format} linkOf={linkOf} />
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
                    {/* Links only once the table is shown: a hidden table takes no focus. */}
                    {tableShown && linkOf?.(row.key) ? (
                      <ClientsLink href={linkOf(row.key)!}>{row.label}</ClientsLink>
                    ) : (
                      row.label
                    )}
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
  linkOf: ((key: string) => string | undefined) | undefined;
}

/** The chart that reads best for the series: a line over months, a ring of yes/no shares, else bars. */
function Chart({ points, table, format, linkOf }: ChartProps) {
  const series = table.columns.map((label, index) => ({ name: `c${index}`, label, color: colourOf(index) }));
  const data = table.rows.map((row) => ({
    label: row.label,
    ...Object.fromEntries(row.values.map((value, index) => [`c${index}`, value])),
  }));

  if (points.every((p) => MONTH_KEY.test(p.key))) {
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
  return <Bars data={data} series={series} table={table} format={format} linkOf={linkOf} />;
}

interface BarsProps {
  data: Record<string, string | number>[];
  series: { name: string; label: string; color: string }[];
  table: Table2D;
  format: (value: number) => string;
  linkOf: ((key: string) => string | undefined) | undefined;
}

/**
 * Bars across, each with its value at its end, and the categories on an axis as wide as the
 * longest needs (at most about half the chart), each label wrapped onto the lines it needs.
 * A bar that counts clients opens them in the clients list.
 */
function Bars({ data, series, table, format, linkOf }: BarsProps) {
  const { ref, width } = useElementSize();
  const layout = barAxisLayout(
    table.rows.map((row) => row.label),
    width,
    series.length,
  );
  // Counts have no fractions: the value axis' ticks are whole numbers (money may have cents).
  const wholeCounts = table.rows.every((row) => row.values.every((value) => Number.isInteger(value)));
  // Room at the bars' end for the widest value written there (money takes more than a count).
  const largest = Math.max(0, ...table.rows.flatMap((row) => row.values));
  const valueRoom = Math.max(32, textWidth(format(largest)) + 12);
  const hrefAt = (index: number) => {
    const row = table.rows[index];
    return row ? linkOf?.(row.key) : undefined;
  };
  return (
    <div ref={ref}>
      <BarChart
        h={layout.height}
        data={data}
        dataKey="label"
        series={series}
        orientation="vertical"
        withLegend={series.length > 1}
        valueFormatter={format}
        accessibilityLayer={false}
        gridAxis="x"
        xAxisProps={{ allowDecimals: !wholeCounts }}
        withBarValueLabel
        valueLabelProps={{
          position: 'right',
          fontSize: TICK_FONT_PX,
          formatter: (value: unknown) => format(Number(value)),
        }}
        barChartProps={{ margin: { right: valueRoom } }}
        barProps={{
          cursor: linkOf ? 'pointer' : undefined,
          onClick: (_: unknown, index: number) => {
            const href = hrefAt(index);
            if (href) openFromDashboard(href);
          },
        }}
        yAxisProps={{
          width: layout.width,
          interval: 0,
          tick: (props: TickProps) => (
            <WrappedTick {...props} lines={layout.lines(String(props.payload.value))} />
          ),
        }}
      />
    </div>
  );
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload: { value: string | number };
}

/** A category's label beside its bars, on as many lines as it needs, centred on the row. */
function WrappedTick({ x: atX, y: atY, lines }: TickProps & { lines: string[] }) {
  const x = Number(atX ?? 0);
  const y = Number(atY ?? 0);
  const lineHeight = TICK_FONT_PX * 1.2;
  const first = -((lines.length - 1) * lineHeight) / 2;
  return (
    <text
      x={x}
      y={y}
      textAnchor="end"
      data-category-label
      fontSize={TICK_FONT_PX}
      fill="var(--chart-text-color, var(--mantine-color-dimmed))"
      dominantBaseline="central"
    >
      {lines.map((line, index) => (
        <tspan key={index} x={x - 4} dy={index === 0 ? first : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
