import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** "Exportar CSV" beside a list that can be downloaded as a file. */
export function ExportCsvButton({ onClick, loading }: { onClick: () => void; loading?: boolean }) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      onClick={onClick}
      loading={loading}
    >
      Exportar CSV
    </Button>
  );
}
