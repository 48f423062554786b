import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `.nullable()` as `anyOf: [X, {type: 'null'}]`; fast-json-stringify would then test each branch
 * against every value at run time. A plain type that may be null is written `type: [X, 'null']`, which it
 * serializes directly.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (node === null || typeof node !== 'object') return node;
  const schema: JsonSchema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplifyNullable(value)]),
  );
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(schema).length === 1) {
    const [first, second] = branches as JsonSchema[];
    const other = first?.type === 'null' ? second : second?.type === 'null' ? first : undefined;
    if (other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/** The JSON Schema of what a response contract produces (the same one the API docs publish). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return simplifyNullable(
    z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' }),
  ) as JsonSchema;
}

/**
 * Each contract's writer, compiled once: a contract answers several routes, and every app built in one process
 * (each test builds its own) reuses the writers, which depend on the contract alone and keep no state.
 */
const compiled = new WeakMap<z.ZodType, (value: unknown) => string>();

/**
 * Answers are written by fast-json-stringify from each contract's JSON Schema: it emits only the properties
 * the contract declares (an object's extra keys, such as a password hash a query happened to select, never
 * leave the server) and costs a fraction of validating every answer with zod and then JSON.stringify.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(responseJsonSchema(schema) as unknown as Schema);
    compiled.set(schema, serialize);
  }
  return serialize;
};
