import { AppError } from '../lib/errors';
import { AiError } from './ai-error';

/** The Spanish messages one tool shows for each kind of generation failure. */
export type AiMessages = Record<Exclude<AiError['kind'], 'api'>, string> & {
  api: (detail: string | undefined) => string;
};

/**
 * A provider failure as the error the client sees: refusals are 502, silence is 504, a stop is 499. A refusal's
 * own words (which may name the account, quota or key) stay in `detail`: members see the generic message.
 */
export function aiAppError(error: unknown, messages: AiMessages): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof AiError)) return new AppError(502, messages['bad-response']);
  switch (error.kind) {
    case 'api':
      return new AppError(502, messages.api(undefined)).withDetail(messages.api(error.detail));
    case 'timeout':
      return new AppError(504, messages.timeout);
    case 'aborted':
      return new AppError(499, messages.aborted);
    default:
      return new AppError(502, messages[error.kind]);
  }
}

/** Re-throws a failure in the middle of the pieces as the tool's Spanish error. */
export async function* withToolErrors(
  pieces: AsyncIterable<string>,
  messages: AiMessages,
): AsyncGenerator<string> {
  try {
    yield* pieces;
  } catch (error) {
    throw aiAppError(error, messages);
  }
}
