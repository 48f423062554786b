/** What closes one app a test opened, with its database. */
interface Closable {
  app: { close(): Promise<unknown> };
  database: { close(): Promise<unknown> };
}

const KEY = Symbol.for('app.test.openApps');

/**
 * The apps the current test opened, kept on the global object: setup.ts closes them after every test without
 * importing the app itself (a setup file runs for every test file, also those that never build an app).
 */
export function openTestApps(): Closable[] {
  const holder = globalThis as { [KEY]?: Closable[] };
  holder[KEY] ??= [];
  return holder[KEY];
}

export async function closeTestApps(): Promise<void> {
  const open = openTestApps();
  await Promise.all(open.splice(0).map(({ app, database }) => app.close().then(() => database.close())));
}
