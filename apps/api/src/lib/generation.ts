import { Readable } from 'node:stream';
import { GENERATION_STREAM_TYPE, MESSAGES } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** How a stored key is shown: set or not and its last 4 characters, never the value. */
export const secretStatus = (key: string | null | undefined): { set: boolean; last4: string | null } =>
  key ? { set: true, last4: key.length > 8 ? key.slice(-4) : null } : { set: false, last4: null };

const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A piece of one of several answers written for the same request (Gemini's `candidateCount`). */
export interface VariantPiece {
  /** Which answer (from 0). */
  variant: number;
  text: string;
}

/** A generation's pieces: text, or text of one of several variants. */
export type GenerationPiece = string | VariantPiece;

async function* toServerSentEvents(
  pieces: AsyncIterable<GenerationPiece>,
  log: FastifyRequest['log'],
): AsyncGenerator<string> {
  try {
    for await (const piece of pieces) {
      yield sseEvent('chunk', typeof piece === 'string' ? { text: piece } : piece);
    }
    yield sseEvent('done', {});
  } catch (error) {
    if (!(error instanceof AppError) || error.detail) log.warn({ err: error }, 'generation failed');
    yield sseEvent('error', { error: error instanceof AppError ? error.message : MESSAGES.internal });
  }
}

/**
 * Answers a generation: `text/event-stream` when the client accepts it (pieces as they arrive, then `done`,
 * or an `error` event once streaming has begun), otherwise the whole text as JSON. The upstream call is
 * aborted when the client goes away. `start` throws (answered as a normal error) until Gemini accepted.
 */
export async function sendGeneration(
  request: FastifyRequest,
  reply: FastifyReply,
  start: (signal: AbortSignal) => Promise<AsyncIterable<GenerationPiece>>,
): Promise<FastifyReply | { text: string; variants?: string[] }> {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const pieces = await start(controller.signal);

  if (!(request.headers.accept ?? '').includes(GENERATION_STREAM_TYPE)) {
    let text = '';
    let variants: string[] | undefined;
    for await (const piece of pieces) {
      if (typeof piece === 'string') text += piece;
      else {
        variants ??= [];
        variants[piece.variant] = (variants[piece.variant] ?? '') + piece.text;
      }
    }
    if (!variants) return { text };
    const whole = Array.from(variants, (variant) => variant ?? '');
    return { text: whole[0] ?? '', variants: whole };
  }
  // text/event-stream is never compressed by @fastify/compress, so nothing buffers the pieces.
  return reply
    .header('content-type', `${GENERATION_STREAM_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(toServerSentEvents(pieces, request.log)));
}
