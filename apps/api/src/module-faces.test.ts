import { readdirSync } from 'node:fs';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

const modules = readdirSync(new URL('./modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("each module's public face", () => {
  it('hands out functions, not tables: no index.ts exports a table, however it re-exports it', async () => {
    const handedOut: string[] = [];
    for (const name of modules) {
      const face: Record<string, unknown> = await import(`./modules/${name}/index.ts`);
      for (const [exported, value] of Object.entries(face))
        if (is(value, Table)) handedOut.push(`${name}.${exported} (${getTableName(value)})`);
    }
    expect(modules.length).toBeGreaterThan(10);
    expect(handedOut).toEqual([]);
  }, 60_000);
});
