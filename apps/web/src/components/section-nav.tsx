import { Box, Button, Group, NavLink, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import classes from './section-nav.module.css';

export interface PageSection {
  /** The element's id the link jumps to (also the URL's fragment: /perfil#mis-datos). */
  id: string;
  label: string;
  icon?: ReactNode;
}

/** Below the fixed top bar: a section counts as the one being read once its top passes this line. */
const READING_LINE_PX = 120;

/** The section being read: the last whose top has passed the reading line (the first before any has). */
function useCurrentSection(sections: readonly PageSection[]): string | undefined {
  const ids = sections.map((section) => section.id).join(' ');
  const [current, setCurrent] = useState(sections[0]?.id);
  useEffect(() => {
    const update = () => {
      const list = ids.split(' ');
      let found = list[0];
      for (const id of list) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= READING_LINE_PX) found = id;
      }
      setCurrent(found);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [ids]);
  return current;
}

/**
 * A settings page's sections (GitHub's and Google's account settings): a side navigation that stays in view on
 * a desktop, and the same links as a row of buttons above the content on a phone.
 */
export function SectionNav({
  label,
  sections,
  children,
}: {
  /** The navigation's accessible name. */
  label: string;
  sections: readonly PageSection[];
  children: ReactNode;
}) {
  const current = useCurrentSection(sections);
  return (
    <div className={classes.layout}>
      <Box component="nav" aria-label={label} className={classes.side} visibleFrom="md">
        <Stack gap={2}>
          {sections.map((section) => (
            <NavLink
              key={section.id}
              href={`#${section.id}`}
              label={section.label}
              leftSection={section.icon}
              active={section.id === current}
              aria-current={section.id === current ? 'location' : undefined}
              variant="light"
            />
          ))}
        </Stack>
      </Box>
      <Box component="nav" aria-label={label} hiddenFrom="md" mb="sm">
        <Group gap="xs">
          {sections.map((section) => (
            <Button
              key={section.id}
              component="a"
              href={`#${section.id}`}
              size="xs"
              variant="default"
              leftSection={section.icon}
            >
              {section.label}
            </Button>
          ))}
        </Group>
      </Box>
      <div className={classes.content}>{children}</div>
    </div>
  );
}
