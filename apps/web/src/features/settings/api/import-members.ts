import { importMembers, MEMBERS_IO_MESSAGES as M, type MembersImportBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

/** A dry run answers the preview; a real run writes and refreshes the user table. */
export const useImportMembers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MembersImportBody) => api(importMembers, { body }, { fallbackError: M.unreadable }),
    onSuccess: (_result, body) => {
      if (body.dry_run === false) void refreshAfterChange(queryClient, ['users']);
    },
  });
};
