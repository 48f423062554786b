import {
  listRoles,
  REPORT_API,
  REPORT_MESSAGES as M,
  type LibraryName,
  type MemberProgressQuery,
  type ReportExportBody,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { libraryKey } from './keys';

/** Under the library's key: a change to its videos or a member's watched marks refreshes the report. */
const memberReportQueryOptions = (library: LibraryName, query: MemberProgressQuery) =>
  queryOptions({
    queryKey: [...libraryKey(library), 'report', 'members', query],
    queryFn: () => api(REPORT_API[library].members, { query }, { fallbackError: M.load }),
    placeholderData: keepPreviousData,
  });

export const useMemberReport = (library: LibraryName, query: MemberProgressQuery) =>
  useQuery(memberReportQueryOptions(library, query));

export const useVideoReport = (library: LibraryName, page: number) =>
  useQuery({
    queryKey: [...libraryKey(library), 'report', 'videos', page],
    queryFn: () => api(REPORT_API[library].videos, { query: { page } }, { fallbackError: M.load }),
    placeholderData: keepPreviousData,
  });

export const useExportReport = (library: LibraryName) =>
  useMutation({
    mutationFn: (body: ReportExportBody) =>
      api(REPORT_API[library].exportMembers, { body }, { fallbackError: M.export }),
  });

/** The roles to filter by (the same cache entry as the settings screen's role list). */
export const useReportRoles = () =>
  useQuery({ queryKey: ['roles'], queryFn: () => api(listRoles, {}, { fallbackError: M.load }) });
