import { Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** The watched toggle: 'Marcar como vista' / 'Completada'. */
export function WatchedButton({
  visto,
  busy,
  onToggle,
}: {
  visto: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={visto ? 'light' : 'default'}
      color={visto ? 'teal' : undefined}
      leftSection={visto ? <IconCheck size={16} aria-hidden="true" /> : undefined}
      aria-pressed={visto}
      // A tap target of 44 px (phones).
      h={44}
      loading={busy}
      onClick={onToggle}
    >
      {visto ? 'Completada' : 'Marcar como vista'}
    </Button>
  );
}
