import { DATA_ARCHIVE_MESSAGES as M, requestMemberDataArchive, requestMyDataArchive } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { dataArchiveQueryKey, type ArchiveOwner } from './get-data-archive';

/** Asks for a new archive (the member's own, or a member's for an administrator); the state then polls it. */
export const useRequestDataArchive = (owner: ArchiveOwner) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      owner
        ? api(
            requestMemberDataArchive,
            { params: { id: owner.memberId } },
            { fallbackError: M.requestFailed },
          )
        : api(requestMyDataArchive, {}, { fallbackError: M.requestFailed }),
    onSuccess: () => refreshAfterChange(queryClient, dataArchiveQueryKey(owner)),
  });
};
