import { ADMIN_ROLE } from '@app/contracts';
import { Badge, type MantineColor } from '@mantine/core';

const ROLE_COLORS: Record<string, MantineColor> = {
  [ADMIN_ROLE]: 'red',
  vip: 'grape',
  cafeinas: 'blue',
  estrategas: 'green',
};

/** Badge colour of a role (spec, section 2): unknown roles are grey. */
export const roleColor = (role: string): MantineColor => ROLE_COLORS[role.trim().toLowerCase()] ?? 'gray';

/** The role name with its first letter in upper case ("vip" -> "Vip"). */
export const capitalize = (value: string): string =>
  value.length === 0 ? value : value.charAt(0).toLocaleUpperCase('es-ES') + value.slice(1);

export function RoleBadge({ role }: { role: string | null | undefined }) {
  const name = role?.trim() ? role.trim() : 'Usuario';
  return (
    <Badge color={roleColor(name)} variant="light" tt="none" size="lg">
      {capitalize(name)}
    </Badge>
  );
}
