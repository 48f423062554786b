import { AI_CONNECTION_MESSAGES, getAiUsage, type StatsRange } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const aiUsageQueryOptions = (range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', 'ai-usage', range],
    queryFn: () =>
      api(getAiUsage, { query: { range } }, { fallbackError: AI_CONNECTION_MESSAGES.usageLoadFailed }),
  });

/** The AI tokens of a range per day, tool and connection; the previous range's stay while the next loads. */
export const useAiUsage = (range: StatsRange) =>
  useQuery({ ...aiUsageQueryOptions(range), placeholderData: keepPreviousData });
