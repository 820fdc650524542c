import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { abbreviateNumber } from '../../lib/format-number';

/**
 * The console's charts (engagement.md §2.20: line, multi-bar, donut), on @mantine/charts. Only
 * report routes import this module, so the chart library and its styles load with them.
 */

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

/** engagement.md §9: with nothing to show, the y-axis still spans 0–900 (line) or 0–20 (bar). */
const NOTHING_YET = 'Nothing to show yet';

export const emptyAxisMax = { line: 900, bar: 20 } as const;

export function yDomain(
  kind: keyof typeof emptyAxisMax,
  data: readonly Record<string, unknown>[],
  series: ChartSeries[],
) {
  const max = Math.max(0, ...data.flatMap((row) => series.map((item) => Number(row[item.name] ?? 0))));
  return max === 0 ? ([0, emptyAxisMax[kind]] as [number, number]) : ([0, 'auto'] as [number, string]);
}

interface ChartFrameProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A chart's card: its title (also the figure's name for screen readers) and the chart. */
export function ChartFrame({ title, description, children }: ChartFrameProps) {
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md" component="figcaption">
            {title}
          </Title>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** What an empty chart says, in the chart's place. */
/** The legend lists the series in the order given (recharts sorts it by name otherwise). */
const SERIES_ORDER = { itemSorter: null };

function NoData({ height, text }: { height: number; text: string }) {
  return (
    <Text size="sm" c="dimmed" ta="center" h={height} style={{ alignContent: 'center' }}>
      {text}
    </Text>
  );
}

interface SeriesChartProps {
  title: string;
  description?: string;
  /** Said in the chart's place when there are no points (default 'Nothing to show yet'). */
  empty?: string;
  data: Record<string, string | number>[];
  dataKey: string;
  series: ChartSeries[];
  height?: number;
  valueFormatter?: (value: number) => string;
}

/** Values over time, one line per series (bars when there is a single point in time). */
export function TrendChart(props: SeriesChartProps) {
  // One point in time has no trend to draw: its values as bars read better than lone dots.
  if (props.data.length === 1) return <ComparisonChart {...props} />;
  const { title, description, empty = NOTHING_YET, data, dataKey, series, height = 260, valueFormatter } = props;
  return (
    <ChartFrame title={title} description={description}>
      {data.length === 0 ? (
        <NoData height={height} text={empty} />
      ) : (
        <LineChart
          h={height}
          data={data}
          dataKey={dataKey}
          series={series}
          curveType="monotone"
          withLegend
          legendProps={SERIES_ORDER}
          valueFormatter={valueFormatter ?? abbreviateNumber}
          yAxisProps={{ domain: yDomain('line', data, series) }}
        />
      )}
    </ChartFrame>
  );
}

/** Groups of bars side by side, one bar per series. */
export function ComparisonChart({
  title,
  description,
  empty = NOTHING_YET,
  data,
  dataKey,
  series,
  height = 260,
  valueFormatter,
}: SeriesChartProps) {
  return (
    <ChartFrame title={title} description={description}>
      {data.length === 0 ? (
        <NoData height={height} text={empty} />
      ) : (
        <BarChart
          h={height}
          data={data}
          dataKey={dataKey}
          series={series}
          withLegend
          legendProps={SERIES_ORDER}
          valueFormatter={valueFormatter ?? abbreviateNumber}
          yAxisProps={{ domain: yDomain('bar', data, series) }}
        />
      )}
    </ChartFrame>
  );
}

interface ShareChartProps {
  title: string;
  description?: string;
  data: { name: string; value: number; color: string }[];
  /** The number in the middle (e.g. the total). */
  centre?: string;
}

/** Parts of a whole as a donut, with a legend that reads without the chart. */
export function ShareChart({ title, description, data, centre }: ShareChartProps) {
  const shown = data.filter((part) => part.value > 0);
  return (
    <ChartFrame title={title} description={description}>
      <Group align="center" gap="lg" wrap="nowrap">
        <DonutChart
          data={shown.length > 0 ? shown : [{ name: 'Nothing yet', value: 1, color: 'gray.3' }]}
          withTooltip={shown.length > 0}
          chartLabel={centre}
          valueFormatter={abbreviateNumber}
          size={160}
          thickness={24}
        />
        <Stack gap={4}>
          {data.map((part) => (
            <Group key={part.name} gap={6} wrap="nowrap">
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: `var(--mantine-color-${part.color.replace('.', '-')})`,
                }}
              />
              <Text size="sm">
                {part.name}: {abbreviateNumber(part.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartFrame>
  );
}
