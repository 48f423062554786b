import { AI_PROVIDER_MESSAGES, listRedgramModels, type AiModelsBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The OpenAI-compatible server's models, asked for when the admin presses "Cargar modelos". */
export const useRedgramModels = () =>
  useMutation({
    mutationFn: (body: AiModelsBody) =>
      api(listRedgramModels, { body }, { fallbackError: AI_PROVIDER_MESSAGES.modelsFailed }),
  });
