import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import type { Endpoint } from './http';

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  !isSchema(value) &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string' &&
  isSchema((value as Endpoint).response);

/** Every endpoint the package exports, also those grouped in records (one set per library or provider). */
function collectEndpoints(value: unknown, name: string, found: Map<string, Endpoint>, depth = 0): void {
  if (isEndpoint(value)) {
    found.set(`${value.method} ${value.path}`, value);
    return;
  }
  if (depth > 3 || typeof value !== 'object' || value === null || isSchema(value)) return;
  for (const [key, child] of Object.entries(value))
    collectEndpoints(child, `${name}.${key}`, found, depth + 1);
}

/**
 * The object schemas a schema accepts, at any depth: through arrays, unions, optionals, nullables, defaults,
 * records, pipes, intersections, tuples and lazy schemas.
 */
function objectSchemas(
  schema: z.ZodType,
  where: string,
  out: [string, z.ZodObject][],
  seen = new Set(),
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, path: string) => {
    if (isSchema(child)) objectSchemas(child, path, out, seen);
  };
  switch (def.type) {
    case 'object':
      out.push([where, schema as z.ZodObject]);
      for (const [key, child] of Object.entries((schema as z.ZodObject).shape))
        walk(child, `${where}.${key}`);
      walk(def.catchall, `${where}.*`);
      break;
    case 'array':
    case 'set':
      walk(def.element ?? def.valueType, `${where}[]`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option, i) => walk(option, `${where}|${i}`));
      break;
    case 'intersection':
      walk(def.left, where);
      walk(def.right, where);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `${where}[${i}]`));
      walk(def.rest, `${where}[...]`);
      break;
    case 'record':
    case 'map':
      walk(def.keyType, `${where}{key}`);
      walk(def.valueType, `${where}{}`);
      break;
    case 'pipe':
      walk(def.in, where);
      walk(def.out, where);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), where);
      break;
    default:
      // optional, nullable, default, prefault, readonly, catch, nonoptional, success: one inner schema.
      walk(def.innerType, where);
  }
}

const endpoints = new Map<string, Endpoint>();
collectEndpoints(contracts, 'contracts', endpoints);

const inputObjects = [...endpoints].flatMap(([name, e]) => {
  const out: [string, z.ZodObject][] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = e[part];
    if (schema) objectSchemas(schema, `${name} ${part}`, out);
  }
  return out;
});

describe('what the API accepts', () => {
  it('finds the endpoints and the objects they take', () => {
    expect(endpoints.size).toBeGreaterThan(50);
    expect(inputObjects.map(([where]) => where)).toContain('POST /api/admin/users/bulk body.filter');
  });

  it.each(inputObjects.map(([where, schema]) => ({ where, schema })))(
    'refuses an unknown key in $where',
    ({ schema }) => {
      const catchall = (schema._zod.def as { catchall?: z.ZodType }).catchall;
      expect(catchall?._zod.def.type).toBe('never');
      const result = schema.safeParse({ zz_unknown: 1 });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toContainEqual(
        expect.objectContaining({
          code: 'unrecognized_keys',
          keys: ['zz_unknown'],
          message: 'Campo no permitido: zz_unknown',
        }),
      );
    },
  );
});
