import { VIDEO_SERVICE_NOTICES } from '@app/contracts';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { useServiceStatus } from './api/get-service-status';
import type { ProviderConfig } from './providers';

/** Administrators: which outside services of this tool are not configured or failed recently. */
export function ServiceNotices({ config }: { config: ProviderConfig }) {
  // The notice is a courtesy: when it cannot be read, the screen works without it.
  const notices = useServiceStatus(config).data ?? [];
  const timeZone = useTimeZone();
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Estado de los servicios">
      {notices.map((notice) => {
        const texts = VIDEO_SERVICE_NOTICES[notice.service];
        const failing = notice.state === 'failing';
        return (
          <Alert
            key={notice.service}
            color={failing ? 'red' : 'yellow'}
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={failing ? 'Fallo reciente de un servicio' : 'Servicio no configurado'}
          >
            {failing
              ? texts.failing(formatDateTime(notice.at ?? '', timeZone), notice.reason ?? '')
              : texts.notConfigured}
          </Alert>
        );
      })}
    </Stack>
  );
}
