import { Video } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { csrf } from '../helper';

/** A shared Google Drive link the library contracts accept. */
export const DRIVE = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view?usp=sharing';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the app as one signed-in person (their cookie), with the cross-site header on writes. */
export function client(app: FastifyInstance, cookie: string) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, ...(method === 'GET' ? {} : csrf) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

export type Client = ReturnType<typeof client>;

/** Creates a category as the given (admin) client and answers its id. */
export async function createCategory(as: Client, library: string, nombre: string): Promise<number> {
  const res = await as('POST', `/api/${library}/categorias`, { nombre, descripcion: 'Descripción' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** Creates a video as the given (admin) client and answers it. */
export async function createVideo(
  as: Client,
  library: string,
  categoria_id: number,
  titulo: string,
  extra: Record<string, unknown> = {},
): Promise<Video> {
  const res = await as('POST', `/api/${library}/videos`, {
    titulo,
    descripcion: 'Una clase',
    categoria_id,
    url: DRIVE,
    material: '',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return Video.parse(res.json());
}
