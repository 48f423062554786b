import { Button, Center } from '@mantine/core';

/** «Cargar más» under a list read a page at a time; nothing once the last page is in. */
export function LoadMore({ more, loading, onLoad }: { more: boolean; loading: boolean; onLoad: () => void }) {
  if (!more) return null;
  return (
    <Center>
      <Button variant="default" loading={loading} onClick={onLoad}>
        Cargar más
      </Button>
    </Center>
  );
}
