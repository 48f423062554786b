import {
  MEMBER_FIELD_LABELS,
  MEMBER_FIELDS,
  MEMBERS_IMPORT_MAX_BYTES,
  MEMBERS_IO_MESSAGES as M,
  PASSWORD_SETUP_TTL_DAYS,
  type MemberColumnMapping,
  type MembersImportBody,
  type MembersImportResult,
} from '@app/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyDone } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useRoles } from './api/get-roles';
import { useImportMembers } from './api/import-members';

const NO_COLUMN = '';

type Options = Pick<MembersImportBody, 'default_role_id' | 'default_active' | 'mode' | 'send_setup_email'> & {
  mapping: MemberColumnMapping;
};

const summaryLine = (r: MembersImportResult): string =>
  `${r.total_rows} filas: ${r.new_rows} nuevas, ${r.unchanged_rows} ya registradas sin cambios, ${r.error_rows} con errores`;

/** "Importar CSV": pick a file, map its columns, read the preview's per-row errors, then import. */
export function MembersImportDialog() {
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [options, setOptions] = useState<Options>({ mapping: {}, default_active: true, mode: 'all' });
  const [preview, setPreview] = useState<MembersImportResult | null>(null);
  const previewing = useImportMembers();
  const importing = useImportMembers();
  const roles = useRoles();
  const mobile = useMediaQuery('(max-width: 36em)');

  const reset = () => {
    setFile(null);
    setCsv(null);
    setFileError(null);
    setPreview(null);
    setOptions({ mapping: {}, default_active: true, mode: 'all' });
    previewing.reset();
    importing.reset();
  };
  const close = () => {
    if (importing.isPending) return;
    setOpened(false);
    reset();
  };

  const check = (text: string, next: Options) =>
    previewing.mutate({ csv: text, ...next, dry_run: true }, { onSuccess: setPreview });

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > MEMBERS_IMPORT_MAX_BYTES) {
      setFileError(M.tooLarge);
      return;
    }
    const text = await chosen.text();
    setCsv(text);
    check(text, { mapping: {}, default_active: true, mode: 'all' });
  };

  const change = (patch: Partial<Options>) => {
    const next = { ...options, ...patch };
    setOptions(next);
    if (csv !== null && (patch.mapping || patch.default_role_id !== undefined || 'default_active' in patch)) {
      check(csv, next);
    }
  };

  const runImport = () => {
    if (csv === null) return;
    importing.mutate(
      { csv, ...options, dry_run: false },
      {
        onSuccess: (result) => {
          const imported = `${result.imported} ${result.imported === 1 ? 'miembro importado' : 'miembros importados'}`;
          const emails =
            result.setup_emails === 0
              ? ''
              : `. ${result.setup_emails === 1 ? 'Se enviará un correo' : `Se enviarán ${result.setup_emails} correos`} para elegir contraseña`;
          notifyDone(`${imported}${emails}`);
          close();
        },
      },
    );
  };

  const importable = preview ? preview.new_rows : 0;
  const blocked = !preview || importable === 0 || (preview.error_rows > 0 && options.mode === 'all');
  const roleOptions = (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  const headerOptions = [
    { value: NO_COLUMN, label: '— Sin columna —' },
    ...(preview?.headers ?? []).map((h) => ({ value: h, label: h })),
  ];
  const failure = previewing.error ?? importing.error;

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Importar CSV
      </Button>
      <Modal
        opened={opened}
        onClose={close}
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
            value={file}
            onChange={(chosen) => void choose(chosen)}
            error={fileError}
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
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {MEMBER_FIELDS.map((field) => (
                  <Select
                    key={field}
                    label={`Columna: ${MEMBER_FIELD_LABELS[field]}`}
                    data={headerOptions}
                    value={preview.mapping[field] ?? NO_COLUMN}
                    allowDeselect={false}
                    onChange={(value) =>
                      change({ mapping: { ...preview.mapping, [field]: value ?? NO_COLUMN } })
                    }
                  />
                ))}
                <Select
                  label="Rol para las filas sin rol"
                  placeholder="Elige un rol"
                  data={roleOptions}
                  value={options.default_role_id === undefined ? null : String(options.default_role_id)}
                  onChange={(value) =>
                    change({ default_role_id: value === null ? undefined : Number(value) })
                  }
                />
                <Checkbox
                  label="Activar las filas que no indican si están activas"
                  checked={options.default_active ?? true}
                  onChange={(event) => change({ default_active: event.currentTarget.checked })}
                  mt={{ base: 0, sm: 30 }}
                />
              </SimpleGrid>

              <Text fw={600} role="status">
                {summaryLine(preview)}
              </Text>
              {/* Focusable, so the keyboard can scroll a long preview too. */}
              <Box
                mah={320}
                style={{ overflow: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label="Filas del archivo"
              >
                <Table striped verticalSpacing="xs" aria-label="Vista previa de la importación">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fila</Table.Th>
                      <Table.Th>Usuario</Table.Th>
                      <Table.Th>Correo electrónico</Table.Th>
                      <Table.Th>Estado</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((row) => (
                      <Table.Tr key={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.username}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                        <Table.Td>
                          {row.status === 'error' ? (
                            <Stack gap={2}>
                              {row.errors.map((error) => (
                                <Text key={error} size="sm" c="red.4">
                                  {error}
                                </Text>
                              ))}
                            </Stack>
                          ) : (
                            <Stack gap={2} align="flex-start">
                              <Badge color={row.status === 'new' ? 'teal' : 'gray'} variant="light">
                                {row.status === 'new' ? 'Nueva' : 'Ya registrada'}
                              </Badge>
                              {row.warnings.map((warning) => (
                                <Text key={warning} size="xs" c="dimmed">
                                  {warning}
                                </Text>
                              ))}
                            </Stack>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
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
            <Button variant="default" onClick={close} disabled={importing.isPending}>
              Cancelar
            </Button>
            <Button
              onClick={runImport}
              loading={importing.isPending}
              disabled={blocked || previewing.isPending}
            >
              {`Importar ${importable} ${importable === 1 ? 'miembro' : 'miembros'}`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
