import {
  MEMBER_KIND_LABELS,
  MRR_MOVE_LABELS,
  MRR_MOVES,
  roleDisplayName,
  STATS_FIGURE_TEXTS as T,
  type StatsMoney,
  type StatsOverview,
  type StatsRange,
} from '@app/contracts';
import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { RoleDot } from './role-dot';
import { change, count, Figure, formatMoney, percent } from './figure';

/** The movements of a range: what added to MRR and what took from it, and the net change. */
function Movements({ money }: { money: StatsMoney }) {
  const show = (value: number) => formatMoney(value, money.currency);
  const taken = (move: string) => move === 'churned' || move === 'contraction';
  const net = MRR_MOVES.reduce((sum, move) => sum + (taken(move) ? -1 : 1) * money.moves[move], 0);
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      fz="sm"
      aria-label={`${T.revenue_moves.label} (${money.currency.toUpperCase()})`}
    >
      <Table.Tbody>
        {MRR_MOVES.map((move) => (
          <Table.Tr key={move}>
            <Table.Th scope="row" fw={400}>
              {MRR_MOVE_LABELS[move]}
            </Table.Th>
            <Table.Td ta="right">
              {taken(move) ? '−' : '+'}
              {show(money.moves[move])}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Neto</Table.Th>
          <Table.Td ta="right" fw={700}>
            {net < 0 ? '−' : '+'}
            {show(Math.abs(net))}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** One currency's money as Stripe counts it: MRR, ARR, ARPU, revenue churn, movements and MRR by plan. */
function Currency({ money, range }: { money: StatsMoney; range: StatsRange }) {
  const show = (value: number) => formatMoney(value, money.currency);
  const code = money.currency.toUpperCase();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Figure
        label={`${T.revenue.label} (${code})`}
        definition={T.revenue.definition}
        note={[
          change({ value: money.mrr, previous: money.previous }, range, show),
          money.retrying > 0 ? `En reintento de pago, sin contar: ${show(money.retrying)}` : null,
        ]
          .filter(Boolean)
          .join('. ')}
        trend={money.trend}
      >
        {show(money.mrr)}
      </Figure>
      <Figure
        label={`${T.arr.label} (${code})`}
        definition={T.arr.definition}
        note={change(
          { value: money.arr, previous: money.previous === null ? null : money.previous * 12 },
          range,
          show,
        )}
        trend={money.trend.map((value) => value * 12)}
      >
        {show(money.arr)}
      </Figure>
      <Figure
        label={`${T.arpu.label} (${code})`}
        definition={T.arpu.definition}
        note={[
          change({ value: money.arpu, previous: money.previous_arpu }, range, show),
          `${count(money.paying)} miembros de pago`,
        ]
          .filter(Boolean)
          .join('. ')}
      >
        {show(money.arpu)}
      </Figure>
      <Figure
        label={`${T.revenue_churn.label} (${code})`}
        definition={T.revenue_churn.definition}
        note={change(money.revenue_churn, range, percent)}
      >
        {percent(money.revenue_churn.value)}
      </Figure>
      <Figure
        label={`${T.revenue_moves.label} (${code})`}
        definition={T.revenue_moves.definition}
        extra={<Movements money={money} />}
      />
      <Figure
        label={`MRR por plan (${code})`}
        definition="El MRR de las suscripciones de cada plan al final del periodo."
        extra={
          money.by_plan.length === 0 ? (
            <Text size="sm">Ningún plan con ingresos.</Text>
          ) : (
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {money.by_plan.map(({ plan, amount }) => (
                <Group key={plan} component="li" justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <RoleDot role={plan} />
                    <Text size="sm">{plan ? roleDisplayName(plan) : 'Plan eliminado'}</Text>
                  </Group>
                  <Text size="sm">{show(amount)}</Text>
                </Group>
              ))}
            </Stack>
          )
        }
      />
    </SimpleGrid>
  );
}

/** Money as Stripe counts it, members by kind and subscriber churn: the cards under the closed days' figures. */
export function MoneyFigures({ stats }: { stats: StatsOverview }) {
  const titleId = useId();
  const { range } = stats;
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        Ingresos y miembros por tipo
      </Title>
      {stats.money.map((money) => (
        <Currency key={money.currency} money={money} range={range} />
      ))}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {stats.member_kinds.map((kind) => (
          <Figure
            key={kind.kind}
            label={`Miembros: ${MEMBER_KIND_LABELS[kind.kind].toLowerCase()}`}
            definition={T.member_kinds.definition}
            note={change(kind, range, count)}
            trend={kind.trend}
          >
            {count(kind.value)}
          </Figure>
        ))}
        <Figure {...T.subscriber_churn} note={change(stats.subscriber_churn, range, percent)}>
          {percent(stats.subscriber_churn.value)}
        </Figure>
      </SimpleGrid>
    </Stack>
  );
}
