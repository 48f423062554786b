import { DATA_ARCHIVE_MESSAGES as M } from '@app/contracts';
import { Text } from '@mantine/core';
import { ProfileSection } from '@/components/profile-section';
import { ArchivePanel } from './archive-panel';

/** «Mis datos» on /perfil: the member's own archive of everything the community keeps about them. */
export function MyDataSection() {
  return (
    <ProfileSection title={M.title} titleId="my-data-title" anchor="mis-datos">
      <Text size="sm" mb="md">
        {M.intro}
      </Text>
      <ArchivePanel owner={null} requestLabel={M.request} />
    </ProfileSection>
  );
}
