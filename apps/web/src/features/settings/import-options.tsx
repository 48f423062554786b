import {
  MEMBER_FIELD_LABELS,
  MEMBER_FIELDS,
  type MembersImportResult,
  type Role,
  roleDisplayName,
} from '@app/contracts';
import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import type { ImportOptions } from './use-members-import';

const NO_COLUMN = '';

/** Which column of the file fills each field, and the role and state of rows that leave them out. */
export function ImportOptionsGrid({
  preview,
  roles,
  options,
  onChange,
}: {
  preview: MembersImportResult;
  /** The roles to give rows without one; empty while they load. */
  roles: readonly Role[];
  options: ImportOptions;
  onChange: (patch: Partial<ImportOptions>) => void;
}) {
  const roleOptions = roles.map((role) => ({ value: String(role.id), label: roleDisplayName(role.name) }));
  const headerOptions = [
    { value: NO_COLUMN, label: '— Sin columna —' },
    ...preview.headers.map((h) => ({ value: h, label: h })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {MEMBER_FIELDS.map((field) => (
        <Select
          key={field}
          label={`Columna: ${MEMBER_FIELD_LABELS[field]}`}
          data={headerOptions}
          value={preview.mapping[field] ?? NO_COLUMN}
          allowDeselect={false}
          onChange={(value) => onChange({ mapping: { ...preview.mapping, [field]: value ?? NO_COLUMN } })}
        />
      ))}
      <Select
        label="Rol para las filas sin rol"
        placeholder="Elige un rol"
        data={roleOptions}
        value={options.default_role_id === undefined ? null : String(options.default_role_id)}
        onChange={(value) => onChange({ default_role_id: value === null ? undefined : Number(value) })}
      />
      <Checkbox
        label="Activar las filas que no indican si están activas"
        checked={options.default_active ?? true}
        onChange={(event) => onChange({ default_active: event.currentTarget.checked })}
        mt={{ base: 0, sm: 30 }}
      />
    </SimpleGrid>
  );
}
