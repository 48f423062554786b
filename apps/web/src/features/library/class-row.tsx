import type { Video } from '@app/contracts';
import { ActionIcon, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, type Icon } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TAP_HEIGHT } from './class-card';

/** A card's width in a row: a little under the screen on phones, so the next card peeks in. */
const CARD_WIDTH = 'min(300px, 78vw)';

/** An arrow that scrolls the row; at the row's end it does nothing. */
function ScrollButton({
  label,
  atEnd,
  onClick,
  icon: ArrowIcon,
}: {
  label: string;
  atEnd: boolean;
  onClick: () => void;
  icon: Icon;
}) {
  return (
    <ActionIcon
      variant="default"
      size={TAP_HEIGHT}
      radius="xl"
      aria-label={label}
      // Looks disabled at the row's end but keeps the keyboard focus (a disabled button would drop it).
      data-disabled={atEnd || undefined}
      aria-disabled={atEnd}
      onClick={() => {
        if (!atEnd) onClick();
      }}
    >
      <ArrowIcon size={20} aria-hidden="true" />
    </ActionIcon>
  );
}

/**
 * A titled row of classes that scrolls sideways: by touch or trackpad, with the arrow buttons, or with the
 * keyboard (Tab moves through the cards' buttons and the row follows the focus).
 */
export function ClassRow({
  title,
  summary,
  videos,
  renderCard,
  onSeeAll,
}: {
  title: string;
  /** A line under the title, e.g. "3 de 8 completadas". */
  summary?: string;
  videos: readonly Video[];
  renderCard: (video: Video) => ReactNode;
  /** 'Ver todas': shows the category's grid. */
  onSeeAll?: () => void;
}) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, videos.length]);

  // Arrows only when the row holds more than fits: one card, or a few on a wide screen, need none.
  const scrolls = !(edges.start && edges.end);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    // Most of a screenful, so the last card seen stays in view as a landmark.
    el.scrollBy({ left: direction * Math.max(el.clientWidth * 0.85, 200), behavior: 'smooth' });
  };

  return (
    <Box component="section" aria-labelledby={headingId} mb={40}>
      {/* On a phone the buttons go under a long title rather than squeeze it. */}
      <Group justify="space-between" align="flex-end" mb="sm" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Title order={2} size="h3" id={headingId} lineClamp={2}>
            {title}
          </Title>
          {summary && (
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          )}
        </Stack>
        <Group gap={6} wrap="nowrap" ml="auto">
          {onSeeAll && (
            <Button
              variant="subtle"
              h={TAP_HEIGHT}
              px="xs"
              onClick={onSeeAll}
              aria-label={`Ver todas: ${title}`}
            >
              Ver todas
            </Button>
          )}
          {scrolls && (
            <>
              <ScrollButton
                label={`Anteriores: ${title}`}
                atEnd={edges.start}
                onClick={() => scrollBy(-1)}
                icon={IconChevronLeft}
              />
              <ScrollButton
                label={`Siguientes: ${title}`}
                atEnd={edges.end}
                onClick={() => scrollBy(1)}
                icon={IconChevronRight}
              />
            </>
          )}
        </Group>
      </Group>
      <Box
        component="ul"
        ref={scroller}
        aria-labelledby={headingId}
        onScroll={measure}
        style={{
          display: 'flex',
          gap: 'var(--mantine-spacing-md)',
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollSnapType: 'x mandatory',
          scrollPaddingInline: 4,
          listStyle: 'none',
          margin: 0,
          padding: '4px 4px 12px',
        }}
      >
        {videos.map((video) => (
          <Box
            component="li"
            key={video.id}
            style={{ flex: `0 0 ${CARD_WIDTH}`, scrollSnapAlign: 'start', display: 'flex' }}
          >
            <Box style={{ width: '100%' }}>{renderCard(video)}</Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
