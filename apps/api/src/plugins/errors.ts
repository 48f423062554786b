import { MESSAGES, type ErrorResponse } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.invalidRequest,
};

/**
 * Errors are answered in one place: `{ error, field? }` with a Spanish message. Client errors say what was
 * wrong; server errors are logged and answered without internals.
 */
export const errorsPlugin = fp((app: FastifyInstance, _options, done) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.detail) request.log.warn({ detail: err.detail, status: err.statusCode }, err.message);
      const body: ErrorResponse = { error: err.message, ...(err.field ? { field: err.field } : {}) };
      return reply.code(err.statusCode).headers(err.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = path === '' ? undefined : path;
      // A body's unknown key is named by zod's message; a query's, sent in the URL, by one general sentence.
      const unknownQueryKeys =
        first?.keyword === 'unrecognized_keys' && err.validationContext === 'querystring';
      const body: ErrorResponse = {
        error: unknownQueryKeys
          ? MESSAGES.unknownQueryParameter
          : (first?.message ?? MESSAGES.invalidRequest),
        ...(field ? { field } : {}),
      };
      return reply.code(400).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const error = (err.code && FASTIFY_CLIENT_ERRORS[err.code]) ?? MESSAGES.invalidRequest;
      return reply.code(status).send({ error } satisfies ErrorResponse);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or out of reach: the pool reconnects by itself, so say "try again".
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: MESSAGES.unavailable } satisfies ErrorResponse);
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: MESSAGES.internal } satisfies ErrorResponse);
  });
  done();
});

/**
 * Errors Fastify's router raises before any route or error handler runs (a malformed URL, a path parameter
 * over the length limit): answered like every other client error instead of Fastify's English default.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ error: MESSAGES.invalidRequest } satisfies ErrorResponse);
}
