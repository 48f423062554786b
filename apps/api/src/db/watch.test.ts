import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ANY_WRITE, watchTables } from './watch';

function database() {
  const sqlite = new Database(':memory:');
  sqlite.exec(
    'CREATE TABLE watched (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE other (id INTEGER PRIMARY KEY)',
  );
  return sqlite;
}

describe('watchTables', () => {
  it('changes on every kind of write to a watched table, and only then', () => {
    const sqlite = database();
    const version = watchTables(sqlite, { watched: ANY_WRITE });
    const seen = [version()];
    const expectChanged = () => {
      expect(version()).not.toBe(seen.at(-1));
      seen.push(version());
    };
    sqlite.prepare("INSERT INTO watched (v) VALUES ('a')").run();
    expectChanged();
    sqlite.prepare("UPDATE watched SET v = 'b'").run();
    expectChanged();
    sqlite.prepare('DELETE FROM watched').run();
    expectChanged();
    sqlite.prepare('INSERT INTO other DEFAULT VALUES').run();
    sqlite.prepare('SELECT * FROM watched').all();
    expect(version()).toBe(seen.at(-1));
  });

  it('ignores the kinds of write it was not asked to watch', () => {
    const sqlite = database();
    const version = watchTables(sqlite, { watched: ['DELETE'] });
    const before = version();
    sqlite.prepare("INSERT INTO watched (v) VALUES ('a')").run();
    expect(version()).toBe(before);
    sqlite.prepare('DELETE FROM watched').run();
    expect(version()).not.toBe(before);
  });

  it('keeps two watchers of the same table independent', () => {
    const sqlite = database();
    const first = watchTables(sqlite, { watched: ANY_WRITE });
    const second = watchTables(sqlite, { watched: ANY_WRITE });
    const before = [first(), second()];
    sqlite.prepare("INSERT INTO watched (v) VALUES ('a')").run();
    expect(first()).not.toBe(before[0]);
    expect(second()).not.toBe(before[1]);
  });

  it('counts a write rolled back (it never under-reports a change)', () => {
    const sqlite = database();
    const version = watchTables(sqlite, { watched: ANY_WRITE });
    const before = version();
    expect(() =>
      sqlite.transaction(() => {
        sqlite.prepare("INSERT INTO watched (v) VALUES ('a')").run();
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(version()).not.toBe(before);
  });
});
