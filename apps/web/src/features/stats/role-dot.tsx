import { roleColor } from '@/components/role-badge';

/** A role's colour, the same as its badge and its line in every chart. */
export function RoleDot({ role }: { role: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        flexShrink: 0,
        background: `var(--mantine-color-${roleColor(role)}-6)`,
      }}
    />
  );
}
