import { DATA_ARCHIVE_MESSAGES as M } from '@app/contracts';
import { Paper, Text, Title } from '@mantine/core';
import { ArchivePanel } from './archive-panel';

/** «Mis datos» on /perfil: the member's own archive of everything the community keeps about them. */
export function MyDataSection() {
  return (
    <Paper
      component="section"
      withBorder
      shadow="md"
      radius="md"
      p="xl"
      mt="xl"
      id="mis-datos"
      aria-labelledby="my-data-title"
    >
      <Title order={2} size="h3" mb="xs" id="my-data-title">
        {M.title}
      </Title>
      <Text size="sm" mb="md">
        {M.intro}
      </Text>
      <ArchivePanel owner={null} requestLabel={M.request} />
    </Paper>
  );
}
