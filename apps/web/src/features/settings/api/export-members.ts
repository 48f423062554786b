import { exportMembers, type MembersExportBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const EXPORT_FAILED = 'Error al exportar usuarios';

export const useExportMembers = () =>
  useMutation({
    mutationFn: (body: MembersExportBody) => api(exportMembers, { body }, { fallbackError: EXPORT_FAILED }),
  });
