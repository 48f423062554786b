import { isAdmin, VIDEO_MESSAGES } from '@app/contracts';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '@/lib/session-store';
import { useSaveVideo } from './api/save-video';
import { PROVIDERS, type ProviderConfig, type VideoView } from './providers';
import { SavedVideosPanel } from './saved-videos-panel';
import { ServiceNotices } from './service-notices';
import { VideoResultCard } from './video-result-card';
import { VideoUrlForm } from './video-url-form';

/** One screen for both tools: submit a link, see the saved record, and (admins) the saved list. */
function VideoToolPage({ config }: { config: ProviderConfig }) {
  const admin = useSession((state) => isAdmin(state.user));
  const save = useSaveVideo(config);
  // The last saved record stays shown while another link is processed or fails.
  const [result, setResult] = useState<VideoView | null>(null);

  const submit = async (url: string): Promise<boolean> => {
    try {
      setResult(await save.mutateAsync(url));
      notifications.show({ color: 'green', message: VIDEO_MESSAGES.saved });
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{config.title}</Title>
          <Text c="dimmed" size="lg">
            {config.subtitle}
          </Text>
        </Stack>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <VideoUrlForm config={config} busy={save.isPending} onSubmit={submit} />
            {save.error && (
              <Alert color="red" variant="light" role="alert">
                {save.error.message}
              </Alert>
            )}
          </Stack>
        </Paper>

        {result && <VideoResultCard config={config} video={result} />}

        {admin ? (
          <>
            <ServiceNotices config={config} />
            <SavedVideosPanel config={config} />
          </>
        ) : (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconLock aria-hidden="true" />}
            title={VIDEO_MESSAGES.restrictedTitle}
          >
            {VIDEO_MESSAGES.restrictedText}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

export function YTVideoPage() {
  return <VideoToolPage config={PROVIDERS.youtube} />;
}

export function IGVideoPage() {
  return <VideoToolPage config={PROVIDERS.instagram} />;
}
