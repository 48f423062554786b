import { ANNOUNCEMENT_EMAIL_LABEL } from '@app/contracts';
import { Alert, Switch, Text } from '@mantine/core';
import { ProfileSection } from '@/components/profile-section';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useEmailChoice, useSaveEmailChoice } from './api/member-announcements';
import { MESSAGES as M } from './messages';

/** /perfil: whether the member takes the community's announcements by email (on by default), with its date. */
export function EmailChoiceSection() {
  const choice = useEmailChoice();
  const save = useSaveEmailChoice();
  const timeZone = useTimeZone();
  return (
    <ProfileSection title="Comunicados" titleId="perfil-comunicados" anchor="comunicados">
      <Switch
        label={ANNOUNCEMENT_EMAIL_LABEL}
        checked={choice.data?.receive ?? true}
        disabled={!choice.data || save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed" mt="xs">
        {choice.data?.changed_at ? `Elegido el ${formatDateTime(choice.data.changed_at, timeZone)}. ` : ''}
        Los correos de tu cuenta (seguridad y pagos) llegan siempre.
      </Text>
      {save.error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {errorMessage(save.error, M.choice)}
        </Alert>
      )}
    </ProfileSection>
  );
}
