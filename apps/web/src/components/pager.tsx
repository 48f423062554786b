import { pageCount, type Page, type PagePosition } from '@app/contracts';
import { Button, Center, Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

export type PagerProps = {
  /**
   * The page shown (from 1), how many items the list has in all and how many a page holds: a `Page`, with the
   * keys of the pages around it when the list pages by key.
   */
  of: Pick<Page<unknown>, 'page' | 'total' | 'pageSize' | 'next' | 'prev'>;
  /** The page to show, and with Anterior / Siguiente the key that seeks to it (when the list gave one). */
  onChange: (page: number, position: PagePosition) => void;
} & (
  | {
      /** Page numbers in a navigation landmark named `label`; nothing when there is one page. */
      look: 'numbers';
      label: string;
    }
  | {
      /** Previous / next buttons with a status line ("Mostrando 1-10 de 25 usuarios", "Página 1 de 2"). */
      look: 'steps';
      status: (page: number, pages: number) => string;
      /** "← Anterior" / "Siguiente →" around a centred status, else the status left and plain buttons right. */
      arrows?: boolean;
      /** Shown even when everything fits on one page. */
      always?: boolean;
    }
);

/** "Mostrando 11-20 de 25 usuarios": which items of the whole list a page of `pageSize` shows. */
export const rangeLabel = (page: number, pageSize: number, total: number, noun: string): string => {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Mostrando ${first}-${last} de ${total} ${noun}`;
};

/** The one pager under every paged list. */
export function Pager(props: PagerProps) {
  const { of } = props;
  const pages = pageCount(of.total, of.pageSize);
  const page = Math.min(of.page, pages);
  const onChange = (to: number, key: Omit<PagePosition, 'page'> = {}) =>
    props.onChange(to, { page: to, ...key });

  if (props.look === 'numbers') {
    if (pages <= 1) return null;
    return (
      <Center mt="lg" component="nav" aria-label={props.label}>
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          getItemProps={(item) => ({
            'aria-label': `Página ${item}`,
            'aria-current': item === page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      </Center>
    );
  }

  if (pages <= 1 && !props.always) return null;
  const status = (
    <Text c={props.arrows ? undefined : 'dimmed'} aria-live="polite">
      {props.status(page, pages)}
    </Text>
  );
  const previous = (
    <Button
      variant="default"
      disabled={page <= 1}
      onClick={() => onChange(page - 1, of.prev ? { before: of.prev } : {})}
    >
      {props.arrows ? '← Anterior' : 'Anterior'}
    </Button>
  );
  const next = (
    <Button
      variant="default"
      disabled={page >= pages}
      onClick={() => onChange(page + 1, of.next ? { after: of.next } : {})}
    >
      {props.arrows ? 'Siguiente →' : 'Siguiente'}
    </Button>
  );
  return props.arrows ? (
    <Group justify="center" gap="md">
      {previous}
      {status}
      {next}
    </Group>
  ) : (
    <Group justify="space-between" mt="sm">
      {status}
      <Group gap="xs">
        {previous}
        {next}
      </Group>
    </Group>
  );
}
