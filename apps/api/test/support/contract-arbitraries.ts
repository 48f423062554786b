/**
 * fast-check arbitraries derived from an endpoint's contract: its zod schemas are turned into JSON Schema
 * (`z.toJSONSchema`, the same conversion the OpenAPI document uses) and each JSON Schema keyword into an
 * arbitrary. `valid` aims at inputs the contract accepts; `junk` at everything a hostile client could send.
 */
import type { Endpoint } from '@app/contracts';
import fc from 'fast-check';
import { z } from 'zod';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress().filter((e) => e.length <= 120),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  'date-time': fc
    .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
    .map((d) => d.toISOString()),
  date: fc
    .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
};

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format && FORMATS[s.format]) return FORMATS[s.format]!;
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => checkLength(v, s));
    } catch {
      // An unusual pattern: fall through to plain strings.
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? minLength + 40, minLength + 200);
  return fc.string({ unit: 'grapheme-ascii', minLength, maxLength }).filter((v) => checkLength(v, s));
}

const checkLength = (v: string, s: JsonSchema) =>
  v.trim().length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : integer ? 1 : 0);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000);
  return integer
    ? fc.integer({
        min: Math.ceil(min),
        max: Math.max(Math.ceil(min), Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER))),
      })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (best effort: refinements the JSON Schema cannot express may still reject some). */
export function validArb(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validArb(v, depth + 1)));
  if (s.allOf?.[0]) return validArb(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ? validArb(s.items, depth + 1) : fc.string();
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props)) record[key] = validArb(value, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings a hostile client sends: huge, unicode, control characters, injections, numbers out of range. */
export const junkString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    '9007199254740993',
    'NaN',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    '😀'.repeat(300),
    'ñ'.repeat(5000),
  ),
  fc.integer({ min: 10_000, max: 120_000 }).map((n) => 'x'.repeat(n)),
);

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 4, maxKeys: 5 }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 50 }),
);

/** An object from the contract with some fields dropped and others replaced by junk, or plain junk. */
export function junkObjectArb(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const keys = Object.keys(s?.properties ?? {});
  const mutated =
    s === undefined
      ? fc.constant({})
      : fc
          .tuple(
            validArb(s),
            fc.subarray(keys),
            fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['x'])), junkValue, { maxKeys: 3 }),
            fc.dictionary(fc.string({ maxLength: 10 }), junkValue, { maxKeys: 3 }),
          )
          .map(([valid, drop, junk, extra]) => {
            if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return junk;
            const copy: Record<string, unknown> = { ...extra, ...(valid as Record<string, unknown>) };
            for (const key of drop) delete copy[key];
            return { ...copy, ...junk };
          });
  return fc.oneof(
    { weight: 3, arbitrary: mutated },
    { weight: 1, arbitrary: s ? validArb(s) : fc.constant({}) },
    junkValue,
  );
}

/** Path parameter names of a Fastify/contract path (`:id`). */
export const pathParams = (url: string): string[] => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

export function fillPath(url: string, values: Record<string, unknown>): string {
  // A lone surrogate cannot travel in a URL (a browser sends U+FFFD instead), so neither does the fuzzer.
  const wellFormed = (value: unknown) => String(value).replace(/[\ud800-\udfff]/gu, '\ufffd');
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(wellFormed(values[name] ?? '1')),
  );
}

/** One valid-looking input for a contract (first sample the zod schema accepts; `{}` when none does). */
export function validInput(schema: z.ZodType | undefined, seed = 1): unknown {
  if (!schema) return undefined;
  const samples = fc.sample(validArb(toJsonSchema(schema)), { seed, numRuns: 50 });
  return samples.find((sample) => schema.safeParse(sample).success) ?? samples[0] ?? {};
}

export function validParams(endpoint: Endpoint | undefined, url: string): Record<string, unknown> {
  const sample = validInput(endpoint?.params);
  const values = (typeof sample === 'object' && sample !== null ? sample : {}) as Record<string, unknown>;
  return Object.fromEntries(pathParams(url).map((name) => [name, values[name] ?? 1]));
}

export function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
