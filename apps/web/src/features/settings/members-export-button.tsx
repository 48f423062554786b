import type { BillingFilter } from '@app/contracts';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { downloadText } from '@/lib/download';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { EXPORT_FAILED, useExportMembers } from './api/export-members';

/** "Exportar CSV": the members of the table's current filter; hashes only when the admin confirms. */
export function MembersExportButton({
  search,
  pending,
  billing,
}: {
  search: string;
  pending: boolean;
  billing: BillingFilter | '';
}) {
  const [opened, setOpened] = useState(false);
  const [withHashes, setWithHashes] = useState(false);
  const exporting = useExportMembers();
  const close = () => {
    setOpened(false);
    setWithHashes(false);
  };

  const run = () =>
    exporting.mutate(
      {
        search: search || undefined,
        pending: pending || undefined,
        billing: billing || undefined,
        include_hashes: withHashes,
      },
      {
        onSuccess: (file) => {
          downloadText(file.filename, file.csv);
          notifyDone(`${file.rows} ${file.rows === 1 ? 'usuario exportado' : 'usuarios exportados'}`);
          close();
        },
        onError: (error) => notifyFailed(errorMessage(error, EXPORT_FAILED)),
      },
    );

  return (
    <>
      <ExportCsvButton onClick={() => setOpened(true)} />
      <Modal
        opened={opened}
        onClose={close}
        title="Exportar usuarios"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Se exportarán los usuarios que muestra la tabla con el filtro actual: usuario, correo, teléfono,
            rol, estado y fecha de alta.
          </Text>
          <Checkbox
            label="Incluir los hashes de contraseña (para migrar a otro servidor de esta aplicación)"
            checked={withHashes}
            onChange={(event) => setWithHashes(event.currentTarget.checked)}
          />
          {withHashes && (
            <Alert color="yellow" title="Archivo confidencial">
              El archivo permitirá que estos miembros entren con su contraseña actual en otro servidor.
              Guárdalo en un lugar seguro y bórralo cuando termines la migración.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={exporting.isPending}>
              Cancelar
            </Button>
            <Button onClick={run} loading={exporting.isPending}>
              Descargar CSV
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
