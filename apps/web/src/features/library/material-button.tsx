import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** The class's material (a PDF or document link), opened in a new tab that cannot reach this one. */
export function MaterialButton({
  url,
  label,
  icon: LeftIcon,
  h,
}: {
  url: string;
  label: string;
  icon: Icon;
  h?: number;
}) {
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      h={h}
      leftSection={<LeftIcon size={16} aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}
