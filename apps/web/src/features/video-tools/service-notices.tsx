import { VIDEO_SERVICE_NOTICES, type VideoServiceStatus, type videoTools } from '@app/contracts';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { formatTimestamp } from './format';
import type { ProviderConfig } from './providers';

type Endpoints = typeof videoTools.youtube;

/**
 * Administrators: which outside services of this tool are not configured or failed recently. Asked again
 * whenever `refreshKey` changes (after a save), since a save is what finds a service failing.
 */
export function ServiceNotices({ config, refreshKey }: { config: ProviderConfig; refreshKey: unknown }) {
  const [notices, setNotices] = useState<VideoServiceStatus[]>([]);
  useEffect(() => {
    let active = true;
    api((config.endpoints as Endpoints).status).then(
      (result) => active && setNotices(result),
      // The notice is a courtesy: when it cannot be read, the screen works without it.
      () => active && setNotices([]),
    );
    return () => {
      active = false;
    };
  }, [config, refreshKey]);

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
              ? texts.failing(formatTimestamp(notice.at ?? ''), notice.reason ?? '')
              : texts.notConfigured}
          </Alert>
        );
      })}
    </Stack>
  );
}
