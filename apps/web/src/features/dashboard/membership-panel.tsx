import {
  normalizeRoleName,
  type PublicPlan,
  roleDisplayName,
  SEED_ROLES,
  TOOL_NAV_LABELS,
  type ToolName,
} from '@app/contracts';
import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@/lib/format-price';
import classes from './tool-grid.module.css';

interface Tier {
  role: string;
  access: string;
}

const TIERS: readonly Tier[] = [
  { role: 'cafeinas', access: 'Acceso limitado' },
  { role: 'estrategas', access: 'Acceso básico' },
  { role: 'vip', access: 'Acceso completo' },
];

/**
 * A list as Spanish writes it: "a, b y c", with "e" before a word that starts with the sound i ("Texto e IG
 * Video", but "y hielo"). This is what Intl.ListFormat('es') prints, without loading ICU's list data on the
 * dashboard's first render for three short lists.
 */
export const spanishList = (items: readonly string[]): string => {
  const last = items.at(-1);
  if (last === undefined || items.length === 1) return last ?? '';
  const and = /^h?i(?![aeiouáéíóú])/i.test(last) ? 'e' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
};

const toolLabel = (tool: ToolName): string => (tool === 'config' ? 'Configuración' : TOOL_NAV_LABELS[tool]);

/** The tools of a tier as the seeded roles grant them, e.g. "Cafelito Virtual y Membresía". */
const tierTools = (role: string): string =>
  spanishList(SEED_ROLES.find((seed) => seed.name === role)?.tools.map(toolLabel) ?? []);

const TOP_TIER = 'vip';

export interface MembershipPanelProps {
  role: string;
  /** The community's outside plans page (MEMBERSHIP_PLANS_URL): null when there is none, undefined until known. */
  plansUrl: string | null | undefined;
  /** True when plans are paid in the app: the button opens /planes instead of `plansUrl`. */
  billingEnabled: boolean | undefined;
  /** The paid plans while payments run through the app: each tier shows its prices and a button to them. */
  plans?: readonly PublicPlan[];
}

export function MembershipPanel({ role, plansUrl, billingEnabled, plans }: MembershipPanelProps) {
  return (
    <Paper component="section" withBorder radius="md" p="xl" mt="xl" aria-labelledby="membership-title">
      <Title order={2} id="membership-title" mb={4}>
        Compara las membresías
      </Title>
      <Text c="dimmed" mb="lg">
        {role === TOP_TIER
          ? 'Ya disfrutas del acceso completo a todas las herramientas.'
          : '¿Quieres acceder a más herramientas? Mejora tu membresía y desbloquéalas al instante.'}
      </Text>

      <div className={classes.tiers}>
        {TIERS.map((tier, index) => {
          const isCurrent = tier.role === role;
          // Only a tier above the member's own is offered: the panel never suggests a downgrade.
          const isUpgrade = index > TIERS.findIndex((held) => held.role === role);
          const plan = billingEnabled
            ? plans?.find((paid) => normalizeRoleName(paid.name) === tier.role)
            : undefined;
          const prices = plan?.prices ?? [];
          return (
            <Paper
              key={tier.role}
              withBorder
              radius="md"
              p="lg"
              bg={isCurrent ? 'var(--mantine-primary-color-light)' : undefined}
              style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <Stack gap={6}>
                <Title order={3} size="h4">
                  {roleDisplayName(tier.role)}
                </Title>
                {isCurrent && (
                  <Badge variant="filled" w="fit-content">
                    Tu membresía actual
                  </Badge>
                )}
                <Text fw={600}>{tier.access}</Text>
                <Text size="sm" c="dimmed">
                  {tierTools(tier.role)}
                </Text>
                {prices.length > 0 && (
                  <Text fw={600} mt="xs">
                    {prices.map(formatPrice).join(' o ')}
                  </Text>
                )}
                {prices.length > 0 && isUpgrade && (
                  <Button component={Link} to="/planes" variant="light" w="fit-content" mt={4}>
                    Ver el plan {roleDisplayName(tier.role)}
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
      </div>

      <Stack align="center" mt="xl" gap="xs">
        {billingEnabled ? (
          <Button component={Link} to="/planes" size="md">
            Actualizar mi membresía
          </Button>
        ) : plansUrl ? (
          <Button
            component="a"
            href={plansUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="md"
            rightSection={<IconExternalLink size={18} aria-hidden="true" />}
          >
            Actualizar mi membresía
          </Button>
        ) : (
          plansUrl === null && (
            <Text c="dimmed" ta="center">
              Contacta con el administrador para actualizar tu membresía.
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
