import type { UserBulkBody } from '@app/contracts';
import { useEffect, useState } from 'react';
import type { UsersQuery } from './api/get-users';

/** The bulk selection: ticked rows (kept across pages), or every account matching the filter. */
export function useUserSelection(
  { search, pending, billing }: Pick<UsersQuery, 'search' | 'pending' | 'billing'>,
  matching: number,
) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  // A new search or filter is a different list: what was selected no longer applies.
  useEffect(clear, [search, pending, billing]);

  /** Ticks or unticks these accounts; the selection becomes the ticked rows again. */
  const tick = (ids: readonly number[], on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };

  const target: Pick<UserBulkBody, 'ids' | 'filter'> = allMatching
    ? {
        filter: {
          ...(search ? { search } : {}),
          ...(pending ? { pending: true } : {}),
          ...(billing ? { billing } : {}),
        },
      }
    : { ids: [...selected] };
  return {
    allMatching,
    count: allMatching ? matching : selected.size,
    target,
    isSelected: (id: number) => allMatching || selected.has(id),
    tick,
    selectAllMatching: () => setAllMatching(true),
    clear,
  };
}

export type UserSelection = ReturnType<typeof useUserSelection>;
