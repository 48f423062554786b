import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** The command line of the Chromium this worker launched: a child process of the worker, found in /proc. */
function browserCommandLine(): string[] {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('--remote-debugging-pipe')) return args;
    } catch {
      // The process ended while it was read: not the browser, which lives as long as the worker.
    }
  }
  throw new Error('this worker has no Chromium child process');
}

const DISABLE_FEATURES = '--disable-features=';

test.describe('The browser the suite drives (playwright.config.ts)', () => {
  test("keeps every feature Playwright turns off, and draws no address-bar popup for a page's context", async ({
    browser,
  }) => {
    // Chromium applies the last --disable-features alone: it must hold every name an earlier one turns off.
    const lists = browserCommandLine()
      .filter((arg) => arg.startsWith(DISABLE_FEATURES))
      .map((arg) => arg.slice(DISABLE_FEATURES.length).split(','));
    expect(lists.length).toBeGreaterThan(1);
    const applied = lists.at(-1);
    for (const list of lists) expect(applied).toEqual(expect.arrayContaining(list));

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
    await session.detach();
    await context.close();
  });
});
