import { MAIL_SETTING_LABELS, NOTIFICATION_MESSAGES as M, type MailSettings } from '@app/contracts';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListState } from '@/components/list-state';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useMailSettings } from './api/get-mail-settings';
import { useSaveMailSettings } from './api/save-mail-settings';

const KEYS = Object.keys(MAIL_SETTING_LABELS) as (keyof MailSettings)[];

/** "Correos": which account emails the community sends, each on or off. */
export function MailSettingsDialog() {
  const [opened, setOpened] = useState(false);
  const settings = useMailSettings(opened);
  const saving = useSaveMailSettings();
  const [draft, setDraft] = useState<MailSettings | null>(null);
  // The form starts from what the server has, each time the dialog opens.
  useEffect(() => {
    if (opened && settings.data && !settings.isFetching) setDraft(settings.data);
  }, [opened, settings.data, settings.isFetching]);
  const close = () => {
    setOpened(false);
    setDraft(null);
  };
  const save = () => {
    if (!draft) return;
    saving.mutate(draft, {
      onSuccess: () => {
        notifyDone(M.saved);
        close();
      },
      onError: (error) => notifyFailed(errorMessage(error, M.save)),
    });
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMail size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Correos
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Correos automáticos"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <ListState
          loading={settings.isPending || (draft === null && !settings.error)}
          error={settings.error && errorMessage(settings.error, M.load)}
          empty={false}
          loadingLabel="Cargando..."
          emptyLabel=""
          onRetry={() => void settings.refetch()}
        >
          {draft && (
            <Stack gap="lg">
              <Text size="sm">Elige qué correos envía la comunidad sobre las cuentas.</Text>
              {KEYS.map((key) => (
                <Switch
                  key={key}
                  label={MAIL_SETTING_LABELS[key].label}
                  description={MAIL_SETTING_LABELS[key].description}
                  checked={draft[key]}
                  onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.checked })}
                />
              ))}
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={saving.isPending}>
                  Cancelar
                </Button>
                <Button onClick={save} loading={saving.isPending}>
                  Guardar
                </Button>
              </Group>
            </Stack>
          )}
        </ListState>
      </Modal>
    </>
  );
}
