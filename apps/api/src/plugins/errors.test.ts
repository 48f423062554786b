import { endpoint, MESSAGES, OkResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, createTestApp, signIn } from '../../test/helper';
import { access, route } from './authz';

const probe = endpoint({
  summary: 'Prueba de errores',
  tag: 'system',
  method: 'GET',
  path: '/api/probe/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: OkResponse,
});

describe('malformed request URLs', () => {
  it('answers a broken URL or an oversized path parameter with a Spanish 4xx, like any bad input', async () => {
    const { app } = await createTestApp();
    route(app, probe, access.user, () => ({ ok: true as const }));
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    for (const [url, status] of [
      ['/api/probe/%E0%A4%A', 400],
      [`/api/probe/${'9'.repeat(400)}`, 414],
    ] as const) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(status);
      expect(res.json()).toEqual({ error: MESSAGES.invalidRequest });
    }
    expect((await app.inject({ url: '/api/probe/7', headers: { cookie } })).statusCode).toBe(200);
  });
});
