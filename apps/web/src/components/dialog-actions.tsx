import { Button, Group, type MantineSpacing } from '@mantine/core';

/** A form dialog's footer: "Cancelar" (off while saving) and the submit button, which shows the save in progress. */
export function DialogActions({
  onCancel,
  saving,
  submitLabel,
  mt,
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
