import { announcementFailingAddresses } from '@app/contracts';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { MESSAGES as M } from './messages';

/**
 * /config → Usuarios: «Correo con fallos» on the row of a member whose address the mail server refused for
 * good (one request for the whole table, shared by every row).
 */
export function FailingAddressBadge({ userId }: { userId: number }) {
  const failing = useQuery({
    queryKey: ['announcements', 'failing-addresses'],
    queryFn: () => api(announcementFailingAddresses, {}, { fallbackError: M.load }),
    staleTime: 60_000,
  });
  const failure = failing.data?.items.find((item) => item.user_id === userId);
  if (!failure) return null;
  return (
    <Badge
      color="red"
      variant="light"
      title={`El servidor de correo rechazó ${failure.email}: ${failure.message}`}
    >
      Correo con fallos
    </Badge>
  );
}
