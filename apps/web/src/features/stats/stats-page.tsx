import '@mantine/charts/styles.css';
import {
  BILLING_FILTER_PARAM,
  STATS_MESSAGES as M,
  STATS_RANGE_LABELS,
  STATS_FIGURE_TEXTS as T,
  STATS_RANGES,
  StatsRange,
  TOOL_TITLES,
  LIBRARY_NAMES,
  STATS_CHARTS,
  statsChartTable,
  statsChartTitle,
  statsCurrencies,
  isMoneyChart,
  type StatsChartKey,
  type StatsMrr,
  type StatsOverview,
} from '@app/contracts';
import {
  Container,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import { ListState } from '@/components/list-state';
import { closedLabel, firstCloseLabel } from '@/lib/as-of';
import { errorMessage } from '@/lib/query-client';
import { AiUsageSection } from './ai-usage-section';
import { useStats } from './api/get-stats';
import { useStatsToday } from './api/get-stats-today';
import { StatsChart, type StatsChartProps } from './stats-chart';
import { ClassCompletionTable } from './class-completion-table';
import { formatDay } from './table-data';
import { TodayFigures } from './today-figures';
import { change, count, Figure, formatMoney, percent } from './figure';
import { MoneyFigures } from './money-figures';

function Income({ mrr, range }: { mrr: StatsMrr; range: StatsRange }) {
  const money = (value: number) => formatMoney(value, mrr.currency);
  const apart = [
    mrr.trialing > 0 ? `en prueba ${money(mrr.trialing)}` : null,
    mrr.cancelling > 0 ? `se cancelan ${money(mrr.cancelling)}` : null,
  ].filter(Boolean);
  const note = [change({ value: mrr.amount, previous: mrr.previous }, range, money), apart.join('; ')]
    .filter(Boolean)
    .join('. ');
  return (
    <Figure
      label={`${T.mrr.label} (${mrr.currency.toUpperCase()})`}
      definition={T.mrr.definition}
      note={note}
    >
      {money(mrr.amount)}
    </Figure>
  );
}

function Figures({ stats }: { stats: StatsOverview }) {
  const { figures: f, range } = stats;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Figure {...T.active_members} note={change(f.active_members, range, count)}>
        {count(f.active_members.value)}
      </Figure>
      <Figure
        {...T.paying_members}
        note={change(f.paying_members, range, count)}
        link={{ to: `/config?${BILLING_FILTER_PARAM}=subscribed`, label: 'Ver las cuentas con suscripción' }}
      >
        {count(f.paying_members.value)}
      </Figure>
      {stats.mrr.map((mrr) => (
        <Income key={mrr.currency} mrr={mrr} range={range} />
      ))}
      <Figure {...T.new_members} note={change(f.new_members, range, count)}>
        {count(f.new_members.value)}
      </Figure>
      <Figure {...T.paid_signups} note={change(f.paid_signups, range, count)}>
        {count(f.paid_signups.value)}
      </Figure>
      <Figure {...T.cancellations} note={change(f.cancellations, range, count)}>
        {count(f.cancellations.value)}
      </Figure>
      <Figure {...T.monthly_churn} note={change(f.monthly_churn, range, percent)}>
        {percent(f.monthly_churn.value)}
      </Figure>
      <Figure {...T.trial_conversion} note={change(f.trial_conversion, range, percent)}>
        {percent(f.trial_conversion.value)}
      </Figure>
    </SimpleGrid>
  );
}

/** Every chart of the range, in order; the income chart once per currency. */
/** How each chart is drawn: counts as unstacked lines or bars, parts of a whole (uses by tool) stacked. */
const KINDS: Record<StatsChartKey, { kind: StatsChartProps['kind']; stacked?: boolean }> = {
  members: { kind: 'line' },
  role_changes: { kind: 'bar' },
  revenue_moves: { kind: 'bar' },
  mrr: { kind: 'line' },
  paid_flows: { kind: 'bar' },
  paying: { kind: 'line' },
  signups: { kind: 'bar' },
  active: { kind: 'line' },
  active_month: { kind: 'bar' },
  tool_uses: { kind: 'bar', stacked: true },
  completions: { kind: 'bar', stacked: true },
};

/** One main chart, picked from every chart of the range (as Ghost and Stripe do); the income chart per currency. */
function Charts({ stats }: { stats: StatsOverview }) {
  const { period, range } = stats;
  const options = STATS_CHARTS.flatMap((key) =>
    isMoneyChart(key)
      ? statsCurrencies(stats, key).map((currency) => ({
          value: `${key}:${currency}`,
          label: statsChartTitle(key, period, currency),
        }))
      : [{ value: key, label: statsChartTitle(key, key === 'active_month' ? 'month' : period) }],
  );
  const [picked, setPicked] = useState<string>('signups');
  const option = options.find((o) => o.value === picked) ?? options[0];
  const [key = 'signups', currency = ''] = (option?.value ?? 'signups').split(':') as [
    StatsChartKey,
    string?,
  ];
  const definition =
    key === 'active'
      ? T.active.definition
      : key === 'active_month'
        ? T.active_month.definition
        : key === 'revenue_moves'
          ? T.revenue_moves.definition
          : undefined;
  return (
    <Stack gap="lg">
      <NativeSelect
        label="Métrica"
        value={option?.value}
        onChange={(event) => setPicked(event.currentTarget.value)}
        data={options}
        maw={420}
      />
      <StatsChart
        key={`${option?.value}:${range}`}
        title={option?.label ?? ''}
        {...KINDS[key]}
        {...(isMoneyChart(key) ? { format: (value: number) => formatMoney(value, currency), currency } : {})}
        {...(definition ? { definition } : {})}
        table={statsChartTable(stats, key, currency)}
        chart={key}
        range={range}
      />
      {LIBRARY_NAMES.map((library) => (
        <ClassCompletionTable
          key={library}
          title={`Finalización de las clases: ${TOOL_TITLES[library]}`}
          library={library}
        />
      ))}
    </Stack>
  );
}

/** Estadísticas: the community's figures for the holders of its permission. */
/** `announcements`: Comunicados' figures per announcement (the app passes them in, loaded on their own). */
export function StatsPage({ announcements }: { announcements?: ReactNode } = {}) {
  const [range, setRange] = useState<StatsRange>('30');
  const stats = useStats(range);
  const today = useStatsToday();
  const data = stats.data;
  const now = today.data;
  const closedNote =
    now && data?.to ? `Días cerrados, ${closedLabel(data.to, now.as_of, now.time_zone)}` : 'Días cerrados';
  // A new installation: what will appear, and when.
  const emptyLabel = now
    ? `Aún no hay días cerrados. ${firstCloseLabel(now.closes_at, now.time_zone)} (${now.time_zone}) la primera cifra de cada gráfico; mientras, arriba están las de hoy.`
    : M.empty;
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Estadísticas</Title>
            {data?.from && data.to && (
              <Text c="dimmed">
                Del {formatDay(data.from)} al {formatDay(data.to)} ({data.time_zone})
              </Text>
            )}
          </Stack>
          <SegmentedControl
            aria-label="Periodo"
            value={range}
            onChange={(value) => setRange(StatsRange.parse(value))}
            data={STATS_RANGES.map((value) => ({ value, label: STATS_RANGE_LABELS[value] }))}
          />
        </Group>
        {now && <TodayFigures today={now} />}
        <ListState
          loading={stats.isPending}
          error={stats.isError ? errorMessage(stats.error, M.load) : null}
          empty={!data?.from}
          loadingLabel="Cargando estadísticas..."
          emptyLabel={emptyLabel}
          onRetry={() => void stats.refetch()}
        >
          {data?.from && data.to && (
            <Stack gap="lg">
              <Title order={2} size="h4">
                {closedNote}
              </Title>
              <Figures stats={data} />
              <MoneyFigures stats={data} />
              <Charts stats={data} />
            </Stack>
          )}
        </ListState>
        <AiUsageSection range={range} />
        <Suspense fallback={null}>{announcements}</Suspense>
      </Stack>
    </Container>
  );
}
