import {
  buildPath,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ErrorResponse,
  GENERATION_STREAM_TYPE,
  GenerationResponse,
  MESSAGES,
  StreamChunkEvent,
  StreamErrorEvent,
  type Endpoint,
  type EndpointInput,
} from '@app/contracts';
import { ApiError } from './api-error';

interface StreamEvent {
  event: string;
  data: string;
}

/** Splits server-sent events out of a growing buffer; returns the events and what is left incomplete. */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      return { event, data: data.join('\n') };
    });
  return { events, rest };
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export interface StreamOptions {
  signal: AbortSignal;
  /** Called with the whole text so far, each time a piece arrives. */
  onText: (text: string) => void;
  /** Called with every variant's text so far, for a generation of several variants. */
  onVariants?: (variants: string[]) => void;
  /** Message when a failure carries none of its own. */
  fallbackError: string;
}

/**
 * Calls a generation endpoint asking for `text/event-stream` and reports the text as it grows. Resolves with the
 * whole text; rejects with an ApiError carrying the Spanish message, or the AbortError when stopped.
 */
export async function streamGeneration<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  { signal, onText, onVariants, fallbackError }: StreamOptions,
): Promise<string> {
  const { body } = input as { body?: unknown };
  let response: Response;
  try {
    response = await fetch(buildPath(endpoint.path), {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: {
        accept: `${GENERATION_STREAM_TYPE}, application/json`,
        'content-type': 'application/json',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(MESSAGES.network, 0);
  }

  if (!response.ok) {
    const answer = ErrorResponse.safeParse(parse(await response.text().catch(() => '')));
    throw new ApiError(answer.success ? answer.data.error : fallbackError, response.status);
  }

  // A server that answers the whole text at once.
  if (!(response.headers.get('content-type') ?? '').includes(GENERATION_STREAM_TYPE) || !response.body) {
    const whole = GenerationResponse.safeParse(parse(await response.text()));
    if (!whole.success) throw new ApiError(MESSAGES.invalidServerResponse, response.status);
    onText(whole.data.text);
    if (whole.data.variants) onVariants?.(whole.data.variants);
    return whole.data.text;
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  const variants: string[] = [];
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ApiError(MESSAGES.network, 0);
      }
      if (chunk.done) break;
      const { events, rest } = takeEvents(buffer + chunk.value);
      buffer = rest;
      for (const { event, data } of events) {
        if (event === 'chunk') {
          const piece = StreamChunkEvent.safeParse(parse(data));
          if (piece.success && piece.data.variant !== undefined) {
            const { variant } = piece.data;
            for (let i = variants.length; i <= variant; i++) variants.push('');
            variants[variant] += piece.data.text;
            text = variants[0] ?? '';
            onText(text);
            onVariants?.([...variants]);
          } else if (piece.success) {
            text += piece.data.text;
            onText(text);
          }
        } else if (event === 'error') {
          const failure = StreamErrorEvent.safeParse(parse(data));
          throw new ApiError(failure.success ? failure.data.error : fallbackError, response.status);
        } else if (event === 'done') {
          return text;
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  // The stream ended without saying it was complete: the connection was cut.
  throw new ApiError(fallbackError, 0);
}
