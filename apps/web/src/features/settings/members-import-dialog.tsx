import { MEMBERS_IO_MESSAGES as M, PASSWORD_SETUP_TTL_DAYS, type MembersImportResult } from '@app/contracts';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { errorMessage } from '@/lib/query-client';
import { useRoles } from './api/get-roles';
import { ImportOptionsGrid } from './import-options';
import { ImportPreviewTable } from './import-preview-table';
import { useMembersImport } from './use-members-import';

const summaryLine = (r: MembersImportResult): string =>
  `${r.total_rows} filas: ${r.new_rows} nuevas, ${r.unchanged_rows} ya registradas sin cambios, ${r.error_rows} con errores`;

/** "Importar CSV": pick a file, map its columns, read the preview's per-row errors, then import. */
export function MembersImportDialog() {
  const run = useMembersImport();
  const { preview, options, change, previewing, importing, importable } = run;
  const roles = useRoles();
  const mobile = useMediaQuery('(max-width: 36em)');
  const failure = previewing.error ?? importing.error;

  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={run.open}>
        Importar CSV
      </Button>
      <Modal
        opened={run.opened}
        onClose={run.close}
        title="Importar usuarios desde CSV"
        size="xl"
        fullScreen={mobile ?? false}
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Columnas reconocidas: usuario, correo, teléfono, rol, activo, fecha de alta y hash de contraseña
            (argon2id o el bcrypt de PHP, <code>$2y$</code>). Máximo 5 MB y 20.000 filas.
          </Text>
          <FileInput
            label="Archivo CSV"
            placeholder="Elige un archivo .csv"
            accept=".csv,text/csv"
            value={run.file}
            onChange={(chosen) => void run.choose(chosen)}
            error={run.fileError}
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar archivo' }}
          />
          {failure && (
            <Alert color="red" role="alert">
              {errorMessage(failure, M.unreadable)}
            </Alert>
          )}
          {previewing.isPending && (
            <Text size="sm" role="status">
              Revisando el archivo...
            </Text>
          )}
          {preview && (
            <>
              <ImportOptionsGrid
                preview={preview}
                roles={roles.data ?? []}
                options={options}
                onChange={change}
              />
              <Text fw={600} role="status">
                {summaryLine(preview)}
              </Text>
              <ImportPreviewTable rows={preview.rows} />
              <Checkbox
                label="Enviar a los miembros nuevos sin contraseña un correo para que elijan una"
                description={`Solo a las cuentas activas. El enlace caduca en ${PASSWORD_SETUP_TTL_DAYS} días.`}
                checked={options.send_setup_email ?? false}
                onChange={(event) => change({ send_setup_email: event.currentTarget.checked })}
              />
              {preview.error_rows > 0 && (
                <Checkbox
                  label="Importar solo las filas sin errores"
                  checked={options.mode === 'valid'}
                  onChange={(event) => change({ mode: event.currentTarget.checked ? 'valid' : 'all' })}
                />
              )}
            </>
          )}
          {importing.isPending && (
            <Stack gap={4} role="status">
              <Text size="sm">Importando miembros...</Text>
              <Progress value={100} animated striped aria-label="Importando miembros" />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={run.close} disabled={importing.isPending}>
              Cancelar
            </Button>
            <Button
              onClick={run.runImport}
              loading={importing.isPending}
              disabled={run.blocked || previewing.isPending}
            >
              {`Importar ${importable} ${importable === 1 ? 'miembro' : 'miembros'}`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
