import { MAIL_SETTING_LABELS, NOTIFICATION_MESSAGES as M, type MailSettings } from '@app/contracts';
import { Switch, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { SettingsDialog, useSettingsDialog } from '@/components/settings-dialog';
import { useMailSettings } from './api/get-mail-settings';
import { useSaveMailSettings } from './api/save-mail-settings';

const KEYS = Object.keys(MAIL_SETTING_LABELS) as (keyof MailSettings)[];

/** "Correos": which account emails the community sends, each on or off. */
export function MailSettingsDialog() {
  const { draft, setDraft, frame } = useSettingsDialog({
    useLoad: useMailSettings,
    useSave: useSaveMailSettings,
    toDraft: (saved: MailSettings) => saved,
    messages: { load: M.load, saved: M.saved, save: M.save },
  });
  return (
    <SettingsDialog
      label="Correos"
      icon={<IconMail size={16} aria-hidden="true" />}
      title="Correos automáticos"
      {...frame}
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
