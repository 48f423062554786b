import { FIRST_STEP_LABELS, type AdminOverview as Overview } from '@app/contracts';
import { Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { closedLabel, firstCloseLabel, liveLabel } from '@/lib/as-of';
import { formatAmount } from '@/lib/format-price';
import { useAdminOverview } from './api/get-admin-overview';
import { AiToolsNotice } from './ai-tools-notice';
import firstSteps from './first-steps.module.css';

/** Where a browser remembers that its administrator hid the finished checklist. */
const DISMISSED_KEY = 'firstStepsDismissed';

const readDismissed = (): boolean => {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
};

function Figure({ label, value, note, to }: { label: string; value: string; note: string; to?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
      {to && (
        <Anchor component={Link} to={to} size="sm">
          Ver
        </Anchor>
      )}
    </Paper>
  );
}

/**
 * The community at a glance: accounts and today's figures live («hoy, hasta las 14:05»), money and the last 30
 * days from Estadísticas' closed days («hasta ayer»). Before the first close, a closed figure says when it appears.
 */
function Glance({ glance }: { glance: Overview['glance'] }) {
  const { as_of: asOf, time_zone: zone, closed_to: closedTo } = glance;
  const live = liveLabel(asOf, zone);
  const closed = closedTo ? closedLabel(closedTo, asOf, zone) : firstCloseLabel(glance.closes_at, zone);
  const income = glance.mrr.map(({ currency, amount }) => formatAmount(amount, currency)).join(' · ');
  const later = '—';
  return (
    <section aria-labelledby="glance-title">
      <Title order={2} size="h3" id="glance-title" mb="sm">
        Tu comunidad
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        <Figure label="Cuentas activas" value={String(glance.members)} note={live} />
        <Figure label="Pendientes de activación" value={String(glance.pending)} note={live} to="/config" />
        <Figure label="Miembros activos" value={String(glance.active_today)} note={live} />
        <Figure label="Nuevos miembros" value={String(glance.new_today)} note={live} />
        <Figure
          label="Miembros de pago"
          value={glance.paying === null ? later : String(glance.paying)}
          note={closed}
        />
        <Figure
          label="Nuevos miembros (30 días)"
          value={glance.new_members_30d === null ? later : String(glance.new_members_30d)}
          note={closed}
        />
        <Figure label="Ingresos mensuales" value={income || later} note={closed} />
      </SimpleGrid>
    </section>
  );
}

/** "Primeros pasos": each step ticked by the server from the real state; hidden once done, if the admin wishes. */
function FirstSteps({ steps }: { steps: Overview['steps'] }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const finished = steps.filter((step) => step.done).length;
  const allDone = finished === steps.length;
  if (allDone && dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Storage blocked: hidden for this visit only.
    }
    setDismissed(true);
  };
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="first-steps-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="first-steps-title">
          Primeros pasos
        </Title>
        <Text size="sm" c="dimmed">
          {finished} de {steps.length} hechos
        </Text>
      </Group>
      <Progress value={(finished * 100) / steps.length} size="sm" mb="md" aria-hidden="true" />
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {steps.map(({ step, done }) => {
          const { label, href, action } = FIRST_STEP_LABELS[step];
          return (
            <li key={step} className={firstSteps.step} data-step={step}>
              {done ? (
                <IconCircleCheckFilled size={22} color="var(--mantine-color-green-5)" aria-hidden="true" />
              ) : (
                <IconCircle size={22} color="var(--mantine-color-dimmed)" aria-hidden="true" />
              )}
              <Text size="sm" td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
                {label}
                <Text span style={visuallyHidden}>
                  {done ? ' (hecho)' : ' (pendiente)'}
                </Text>
              </Text>
              {!done && (
                <Anchor component={Link} to={href} size="sm" className={firstSteps.action}>
                  {action}
                </Anchor>
              )}
            </li>
          );
        })}
      </Stack>
      {allDone && (
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="xs" onClick={dismiss}>
            Ocultar primeros pasos
          </Button>
        </Group>
      )}
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The administrator's part of the dashboard, below the spec's cards. */
export function AdminOverview() {
  // The answer's arrival re-renders at once (React Query's store updates are synchronous); drawn from a deferred
  // copy, the overview is built in a background render React slices into short tasks, beside the tools.
  const data = useDeferredValue(useAdminOverview().data);
  if (!data) return null;
  return (
    <Stack gap="lg" mt="xl">
      <AiToolsNotice ai={data.ai} />
      <Glance glance={data.glance} />
      <FirstSteps steps={data.steps} />
    </Stack>
  );
}
