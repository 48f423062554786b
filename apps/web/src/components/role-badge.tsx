import { ADMIN_ROLE, roleDisplayName } from '@app/contracts';
import { Badge, type MantineColor } from '@mantine/core';

const ROLE_COLORS: Record<string, MantineColor> = {
  [ADMIN_ROLE]: 'red',
  vip: 'grape',
  cafeinas: 'blue',
  estrategas: 'green',
};

/** Badge colour of a role (spec, section 2): unknown roles are grey. */
export const roleColor = (role: string): MantineColor => ROLE_COLORS[role.trim().toLowerCase()] ?? 'gray';

export function RoleBadge({ role }: { role: string | null | undefined }) {
  const name = role?.trim() ? role.trim() : 'Usuario';
  return (
    <Badge color={roleColor(name)} variant="light" tt="none" size="lg">
      {roleDisplayName(name)}
    </Badge>
  );
}
