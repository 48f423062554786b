import { notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { leaveFor } from './leave-for';

/**
 * What a "pay" or "manage" button does once answered: off to the provider's page, or the server's Spanish
 * message in a notification. Pass it to `mutate`.
 */
export const providerRedirect = (fallbackError: string) => ({
  onSuccess: ({ url }: { url: string }) => leaveFor(url),
  onError: (error: Error) => notifyFailed(errorMessage(error, fallbackError)),
});
