import { isAdmin, VIDEO_MESSAGES, type videoTools } from '@app/contracts';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';
import { PROVIDERS, type ProviderConfig, type VideoView } from './providers';
import { SavedVideosPanel } from './saved-videos-panel';
import { ServiceNotices } from './service-notices';
import { useSavedVideos } from './use-saved-videos';
import { VideoResultCard } from './video-result-card';
import { VideoUrlForm } from './video-url-form';

type Endpoints = typeof videoTools.youtube;

/** One screen for both tools: submit a link, see the saved record, and (admins) the saved list. */
function VideoToolPage({ config }: { config: ProviderConfig }) {
  const admin = useSession((state) => isAdmin(state.user));
  const list = useSavedVideos(config, admin);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<VideoView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (url: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const record = await api((config.endpoints as Endpoints).save, { body: { url } });
      setResult(config.toView(record));
      notifications.show({ color: 'green', message: VIDEO_MESSAGES.saved });
      if (admin) list.reload();
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : VIDEO_MESSAGES.processError(String(failure)));
      return false;
    } finally {
      setBusy(false);
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
            <VideoUrlForm config={config} busy={busy} onSubmit={save} />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </Paper>

        {result && <VideoResultCard config={config} video={result} />}

        {admin ? (
          <>
            <ServiceNotices config={config} refreshKey={result} />
            <SavedVideosPanel config={config} list={list} />
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
