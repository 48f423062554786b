import { AI_PROVIDER_MESSAGES, testAiConnection } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** «Probar conexión»: one short call with the saved connection; nothing is saved. */
export const useTestAiConnection = () =>
  useMutation({
    mutationFn: ({ id, model }: { id: string; model?: string }) =>
      api(
        testAiConnection,
        { params: { id }, body: model ? { model } : {} },
        { fallbackError: AI_PROVIDER_MESSAGES.testFailed },
      ),
  });
