import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ANY_WRITE, keptUntilWrite, keptWhileSame, watchRowsByKey, watchTables } from './watch';

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

describe('keptUntilWrite', () => {
  it('keeps an answer until a watched table is written, by this connection or another', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kept-')), 'kept.db');
    const sqlite = new Database(file);
    sqlite.exec(
      'CREATE TABLE watched (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE other (id INTEGER PRIMARY KEY)',
    );
    const kept = keptUntilWrite<number>(sqlite, watchTables(sqlite, { watched: ANY_WRITE }), 10);
    const count = sqlite.prepare('SELECT count(*) FROM watched').pluck();
    let reads = 0;
    const read = () => kept('count', () => (reads++, count.get() as number));

    expect(read()).toBe(0);
    sqlite.prepare('INSERT INTO other DEFAULT VALUES').run();
    expect(read()).toBe(0);
    expect(reads).toBe(1);

    sqlite.prepare("INSERT INTO watched (v) VALUES ('a')").run();
    expect(read()).toBe(1);
    const operator = new Database(file);
    operator.prepare("INSERT INTO watched (v) VALUES ('b')").run();
    operator.close();
    expect(read()).toBe(2);
    expect(reads).toBe(3);
    sqlite.close();
  });

  it('never keeps what it read inside a transaction, which may yet roll back', () => {
    const sqlite = database();
    const kept = keptUntilWrite<number>(sqlite, watchTables(sqlite, { watched: ANY_WRITE }), 10);
    const count = sqlite.prepare('SELECT count(*) FROM watched').pluck();
    const read = () => kept('count', () => count.get() as number);
    expect(() =>
      sqlite.transaction(() => {
        sqlite.prepare("INSERT INTO watched (v) VALUES ('a')").run();
        expect(read()).toBe(1);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(read()).toBe(0);
  });

  it('keeps at most `max` answers, letting the oldest go first', () => {
    const sqlite = database();
    const kept = keptUntilWrite<string>(sqlite, watchTables(sqlite, { watched: ANY_WRITE }), 2);
    const reads: string[] = [];
    const read = (key: string) => kept(key, () => (reads.push(key), key));
    read('a');
    read('b');
    read('c');
    read('b');
    read('a');
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('watchRowsByKey', () => {
  it("changes a key's number on every write to its rows, and not on other keys' rows", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'keyed-')), 'keyed.db');
    const sqlite = new Database(file);
    sqlite.exec('CREATE TABLE marks (user_id INTEGER NOT NULL, video_id INTEGER NOT NULL)');
    const version = watchRowsByKey(sqlite, 'marks', 'user_id');
    const seen = { ana: version(1), bea: version(2) };
    const expectChanged = (key: 1 | 2, changed: boolean) => {
      const name = key === 1 ? 'ana' : 'bea';
      if (changed) expect(version(key), name).not.toBe(seen[name]);
      else expect(version(key), name).toBe(seen[name]);
      seen[name] = version(key);
    };
    sqlite.prepare('INSERT INTO marks VALUES (1, 10)').run();
    expectChanged(1, true);
    expectChanged(2, false);
    // An update moving a row from one key to another changes both.
    sqlite.prepare('UPDATE marks SET user_id = 2 WHERE user_id = 1').run();
    expectChanged(1, true);
    expectChanged(2, true);
    sqlite.prepare('DELETE FROM marks WHERE user_id = 2').run();
    expectChanged(1, false);
    expectChanged(2, true);
    // Another connection's commit may have touched any key.
    const operator = new Database(file);
    operator.prepare('INSERT INTO marks VALUES (1, 11)').run();
    operator.close();
    expectChanged(1, true);
    expectChanged(2, true);
    sqlite.close();
  });
});

describe('keptWhileSame', () => {
  it('keeps an answer while its stamp is the same item by item, and never inside a transaction', () => {
    const sqlite = database();
    const kept = keptWhileSame<number>(sqlite, 10);
    let reads = 0;
    const page = {};
    const read = (stamp: unknown[]) => kept('k', stamp, () => ++reads);
    expect(read([page, 1])).toBe(1);
    expect(read([page, 1])).toBe(1);
    expect(read([{}, 1])).toBe(2);
    expect(read([{}, 1])).toBe(3);
    const next = {};
    expect(read([next, 2])).toBe(4);
    expect(read([next, 2])).toBe(4);
    sqlite.transaction(() => {
      expect(read([next, 3])).toBe(5);
    })();
    expect(read([next, 3])).toBe(6);
  });

  it('keeps at most `max` answers, letting the oldest go first', () => {
    const sqlite = database();
    const kept = keptWhileSame<string>(sqlite, 2);
    const reads: string[] = [];
    const read = (key: string) => kept(key, [], () => (reads.push(key), key));
    for (const key of ['a', 'b', 'c', 'b', 'a']) read(key);
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
