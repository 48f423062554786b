import { AI_PROVIDER_FAILURES, retryAfterMessage, type AiProvider } from '@app/contracts';
import { AppError } from '../lib/errors';
import { AiError } from './ai-error';

/** The Spanish messages one tool shows for each kind of generation failure, on one provider. */
export type AiMessages = Record<AiError['kind'], string>;

/** The messages a tool's own wording (Texto's or RedGram's) gives, by the provider its generations run on. */
export type ToolMessages = (provider: AiProvider) => AiMessages;

/**
 * A provider failure as the error the client sees: refusals are 502, silence is 504, a stop is 499. A refusal's
 * own words (which may name the account, quota or key) are never in it: see `providerWords`. A wait the
 * provider asked for is told to the member.
 */
export function aiAppError(error: unknown, messages: AiMessages): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof AiError)) return new AppError(502, messages['bad-response']);
  switch (error.kind) {
    case 'api':
      return new AppError(
        502,
        error.retryAfterSeconds ? retryAfterMessage(messages.api, error.retryAfterSeconds) : messages.api,
      );
    case 'timeout':
      return new AppError(504, messages.timeout);
    case 'aborted':
      return new AppError(499, messages.aborted);
    default:
      return new AppError(502, messages[error.kind]);
  }
}

/** "Error en la API de Gemini: {body}" for the admins' log: the member's message and the provider's words. */
export function providerWords(error: unknown, messages: AiMessages): string {
  if (error instanceof AiError && error.kind === 'api' && error.detail)
    return `${messages.api}: ${error.detail}`;
  return aiAppError(error, messages).message;
}

/** Whether the failure was the provider's (so it costs the member nothing), not the member's own stop. */
export const isProviderFault = (error: unknown): boolean =>
  !(error instanceof AiError && error.kind === 'aborted') &&
  !(error instanceof AppError && error.statusCode < 500);

/** Re-throws a failure in the middle of the pieces as the tool's Spanish error; `onFailure` runs first. */
export async function* withToolErrors<T>(
  pieces: AsyncIterable<T>,
  messages: AiMessages,
  onFailure: (error: unknown) => Promise<void> = () => Promise.resolve(),
): AsyncGenerator<T> {
  try {
    yield* pieces;
  } catch (error) {
    await onFailure(error);
    throw aiAppError(error, messages);
  }
}

/** The provider-specific words of a failure, shared by both tools. */
export const providerFailures = (provider: AiProvider) => AI_PROVIDER_FAILURES[provider];
