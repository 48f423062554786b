import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('system');

/** The OpenAPI 3 document of the API, generated on the server from these contracts. */
export const openApiDocument = endpoint({
  summary: 'Devuelve esta descripción OpenAPI de la API',
  method: 'GET',
  path: '/api/openapi.json',
  // Only ever sent, never accepted, and open-ended (OpenAPI's optional sections): the one loose object.
  /* eslint-disable no-restricted-properties */
  response: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
  /* eslint-enable no-restricted-properties */
});
