import { SessionUser } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

describe('response serializer', () => {
  it('writes exactly what zod would, and drops keys the contract does not declare', () => {
    const user = {
      id: 7,
      username: 'eva',
      email: 'eva@example.com',
      phone: null,
      role: 'vip',
      role_id: 2,
      permissions: ['membresia', 'texto'],
    };
    const written = compile(SessionUser)({ ...user, password_hash: '$argon2id$secret', token_version: 3 });
    expect(JSON.parse(written)).toEqual(SessionUser.parse(user));
    expect(written).not.toContain('argon2id');
    expect(written).not.toContain('token_version');
  });

  it('writes nullable fields, nested lists of objects and Spanish text', () => {
    const Page = z.object({
      items: z.array(z.object({ titulo: z.string(), material: z.string().nullable(), visto: z.boolean() })),
      total: z.number().int(),
    });
    const page = {
      items: [
        { titulo: 'Lección «uno» ñandú', material: null, visto: true },
        { titulo: 'Dos "comillas"\n', material: 'https://example.com/a.pdf', visto: false },
      ],
      total: 2,
    };
    expect(JSON.parse(compile(Page)(page))).toEqual(page);
  });

  it('turns a nullable plain type into a two-type schema, which needs no per-value branch test', () => {
    expect(responseJsonSchema(z.object({ phone: z.string().nullable() }))).toMatchObject({
      properties: { phone: { type: ['string', 'null'] } },
    });
  });

  it('refuses an answer that lacks a field the contract requires', () => {
    expect(() => compile(z.object({ ok: z.literal(true), id: z.number() }))({ ok: true })).toThrow();
  });
});
