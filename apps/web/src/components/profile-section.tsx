import { Paper, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './section-nav.module.css';

/** One card of /perfil below the account's own form: a section named by its heading. */
export function ProfileSection({
  title,
  titleId,
  anchor,
  titleGap = 'xs',
  children,
}: {
  title: ReactNode;
  /** The heading's id, which names the section for screen readers. */
  titleId: string;
  /** The section's own id, for a link to it (/perfil#mis-datos). */
  anchor?: string;
  titleGap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      withBorder
      shadow="md"
      radius="md"
      p="xl"
      mt="xl"
      id={anchor}
      className={classes.section}
      aria-labelledby={titleId}
    >
      <Title order={2} size="h3" mb={titleGap} id={titleId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
