import { DATA_ARCHIVE_DAYS, DATA_ARCHIVE_MESSAGES as M } from '@app/contracts';
import { Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileZip } from '@tabler/icons-react';
import { RowAction } from '@/components/row-actions';
import { ArchivePanel } from './archive-panel';

/**
 * The users table's «Archivo de datos» row action: an administrator prepares and downloads a member's archive
 * (Historial records who asked). Its state is read only while the dialog is open.
 */
export function MemberArchiveAction({ user }: { user: { id: number; username: string } }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <RowAction label={`Archivo de datos de ${user.username}`} onClick={open}>
        <IconFileZip size={16} aria-hidden="true" />
      </RowAction>
      <Modal
        opened={opened}
        onClose={close}
        title={`Datos de ${user.username}`}
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Text size="sm" mb="md">
          Un archivo ZIP con todo lo que la comunidad guarda sobre {user.username}. Quedará en el historial
          que lo pediste; solo tú podrás descargarlo, durante {DATA_ARCHIVE_DAYS} días.
        </Text>
        {opened && (
          <ArchivePanel owner={{ memberId: user.id }} requestLabel={M.requestMember(user.username)} />
        )}
      </Modal>
    </>
  );
}
