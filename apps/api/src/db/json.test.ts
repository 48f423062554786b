import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonTextChecker } from '../plugins/serializer';
import { jsonBoolean, jsonObject } from './json';

const lessons = sqliteTable('lessons', {
  id: integer('id').primaryKey(),
  titulo: text('titulo').notNull(),
  material: text('material'),
  visto: integer('visto', { mode: 'boolean' }).notNull(),
  secreto: text('secreto').notNull(),
});

const Lesson = z.object({
  id: z.number().int(),
  titulo: z.string(),
  material: z.string().nullable(),
  visto: z.boolean(),
});

function database() {
  const sqlite = new Database(':memory:');
  sqlite.exec(
    'CREATE TABLE lessons (id INTEGER PRIMARY KEY, titulo TEXT NOT NULL, material TEXT, visto INTEGER NOT NULL, secreto TEXT NOT NULL)',
  );
  return drizzle(sqlite);
}

describe('jsonObject', () => {
  const rows = [
    { id: 1, titulo: 'Lección «uno» ñandú 🎬', material: null, visto: true, secreto: 'hash-1' },
    {
      id: 2,
      titulo: 'Dos "comillas" \\ barra\nlínea\ttab \u0001',
      material: 'https://x.test/a.pdf',
      visto: false,
      secreto: 'hash-2',
    },
  ];

  it("writes each row as the contract's object: its fields only, in its order, any text escaped", () => {
    const db = database();
    db.insert(lessons).values(rows).run();
    const json = db
      .select({
        json: jsonObject(Lesson, {
          id: lessons.id,
          titulo: lessons.titulo,
          material: lessons.material,
          visto: jsonBoolean(lessons.visto),
        }),
      })
      .from(lessons)
      .orderBy(lessons.id)
      .all()
      .map((row) => row.json);
    expect(json.map((text) => JSON.parse(text))).toEqual(rows.map(({ secreto: _secreto, ...row }) => row));
    expect(json.map((text) => Object.keys(JSON.parse(text)))).toEqual([
      Object.keys(Lesson.shape),
      Object.keys(Lesson.shape),
    ]);
    expect(json.join()).not.toContain('hash-');
    const check = jsonTextChecker(Lesson);
    for (const text of json) check(text);
  });

  it('takes any SQL expression for a field', () => {
    const db = database();
    const row = db
      .select({
        json: jsonObject(z.object({ n: z.number(), s: z.string() }), {
          n: sql`1 + 1`,
          s: sql`coalesce(null, '')`,
        }),
      })
      .from(sql`(select 1)`)
      .get();
    expect(JSON.parse(row!.json)).toEqual({ n: 2, s: '' });
  });
});
