import { isAdmin, type LibraryName } from '@app/contracts';
import { Button, Center, Container, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { ListState } from '@/components/list-state';
import { useSession } from '@/lib/session-store';
import { AdminView } from './admin-view';
import { LIBRARY_CONFIG } from './library-config';
import { MemberView } from './member-view';
import { useLibraryView } from './use-library-view';

/** One screen for both video libraries; what differs comes from LIBRARY_CONFIG. */
export function LibraryPage({ library }: { library: LibraryName }) {
  const config = LIBRARY_CONFIG[library];
  const admin = isAdmin(useSession((state) => state.user));
  const [managing, setManaging] = useState(false);
  // Members see the library's own order; the management view always shows (and edits) the stored order.
  const state = useLibraryView(library, admin && managing ? 'stored' : config.memberSort);
  const { data, loading, error } = state;

  const retry = () => {
    if (config.retry === 'reload') window.location.reload();
    else state.retry();
  };

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" align="flex-start" mb="xl" gap="md">
        <Stack gap={4}>
          <Title order={1}>{config.title}</Title>
          <Text c="dimmed" size="lg">
            {config.subtitle}
          </Text>
        </Stack>
        {admin && (
          <Button
            variant={managing ? 'default' : 'filled'}
            leftSection={managing ? <IconLayoutGrid size={18} /> : <IconSettings size={18} />}
            onClick={() => {
              setManaging((value) => !value);
              state.setPage(1);
            }}
          >
            {managing ? 'Ver Clases' : 'Gestionar Contenido'}
          </Button>
        )}
      </Group>

      {loading && config.loading === 'spinner' ? (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <VisuallyHidden>Cargando contenido...</VisuallyHidden>
        </Center>
      ) : (
        <ListState
          loading={loading}
          error={error}
          empty={false}
          loadingLabel="Cargando contenido..."
          emptyLabel={null}
          onRetry={retry}
        >
          {data &&
            (admin && managing ? (
              <AdminView library={library} config={config} data={data} state={state} />
            ) : (
              <MemberView library={library} config={config} data={data} state={state} />
            ))}
        </ListState>
      )}
    </Container>
  );
}
