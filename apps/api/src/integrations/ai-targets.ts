import { AI_PROVIDER_MESSAGES } from '@app/contracts';
import { badRequest } from '../lib/errors';
import type { AiClient } from './ai';

/**
 * The address rule for a form's address, the same when saving and before any test or model list: a refused
 * address is bad input on its field. A name that resolves to nothing yet may be saved (never called).
 */
export async function assertAllowedAddress(ai: AiClient, url: string, field: string): Promise<void> {
  if (url === '') return;
  if ((await ai.judgeAddress(url)) === 'forbidden') {
    throw badRequest(AI_PROVIDER_MESSAGES.forbiddenAddress, field);
  }
}
