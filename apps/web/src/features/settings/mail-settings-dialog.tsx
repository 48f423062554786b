import { MAIL_SETTING_LABELS, NOTIFICATION_MESSAGES as M, type MailSettings } from '@app/contracts';
import { Switch, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { SettingsDialog, useSettingsDraft } from '@/components/settings-dialog';
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
  const { draft, setDraft, reset } = useSettingsDraft(opened, settings, (saved: MailSettings) => saved);
  const close = () => {
    setOpened(false);
    reset();
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
    <SettingsDialog
      label="Correos"
      icon={<IconMail size={16} aria-hidden="true" />}
      title="Correos automáticos"
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      ready={draft !== null}
      loadError={settings.error && errorMessage(settings.error, M.load)}
      onRetry={() => void settings.refetch()}
      saving={saving.isPending}
      onSave={save}
    >
      <Text size="sm">Elige qué correos envía la comunidad sobre las cuentas.</Text>
      {draft &&
        KEYS.map((key) => (
          <Switch
            key={key}
            label={MAIL_SETTING_LABELS[key].label}
            description={MAIL_SETTING_LABELS[key].description}
            checked={draft[key]}
            onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.checked })}
          />
        ))}
    </SettingsDialog>
  );
}
