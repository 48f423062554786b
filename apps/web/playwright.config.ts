import { defineConfig } from '@playwright/test';

/**
 * The features Playwright 1.65 turns off in Chromium (its chromiumSwitches.ts). Chromium reads only the last
 * `--disable-features` on its command line, so the list below, which comes after Playwright's, must carry them
 * all: src/e2e/suite-browser.spec.ts fails when an upgrade of Playwright adds one that is missing here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium's full headless mode draws a browser window for every context, address bar included, and preloads
 * the address bar's suggestion popup in it: two WebUI pages (chrome://omnibox-popup.top-chrome), about 430
 * JavaScript modules compiled and run for every context, which no test can see. Without them the e2e stage
 * spends 28 % less CPU (four specs, 38 tests: 133 CPU-s with them, 95 and 97 without).
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The pages' JavaScript runs on V8's interpreter and its baseline compiler only (`--max-opt=1`): a test's page
 * lives a few seconds, too short for what the optimizing compilers (Maglev, TurboFan) spend on background
 * threads to pay back. Same four specs (38 tests), three interleaved pairs: 106-114 CPU-s with them, 99 without
 * (Chromium's own share 72-77 → 66-67), and no slower in wall time. The app's code and what it does are the
 * same; the first screens' main-thread check (main-thread.spec.ts) reads the same figures within its noise
 * (0.23/0.94/0.46 units with the optimizers, 0.30/0.64/0.44 without), since the first 5 s of a page rarely
 * reach them.
 */
const BASELINE_JIT_ONLY = '--js-flags=--max-opt=1';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app, served by the
 * real server on a free port with a fresh database file (see src/e2e/global-setup.ts).
 */
export default defineConfig({
  testDir: './src/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './src/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Budgets for a shared machine under load (the suite runs beside other work): waits end as soon as the awaited
  // state appears, so a generous budget costs nothing when things are fast, and a signed-in test with two axe
  // scans beside other builds still ends inside it.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // PLAYWRIGHT_JSON_OUTPUT_NAME=FILE adds Playwright's JSON report (per-test durations) to the list.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // A failed test keeps its trace (each step's DOM snapshot, the network, the console) without the screencast:
    // recording a JPEG of every frame for every test was a fifth of the suite's browser CPU (three specs: 108
    // CPU-s traced with frames, 90 without them, 82 untraced). CI records none: its machine keeps no file
    // once the run ends, so a trace there is never read, and recording one for every test is a tenth of the
    // e2e stage's CPU (four specs, 38 tests: 147 and 151 CPU-s traced, 136 and 137 untraced). A failure on
    // CI prints its error and call log; `pnpm test` on a developer's machine keeps the trace.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // No animation: Mantine honours prefers-reduced-motion (theme.respectReducedMotion), so dialogs, menus and
    // toasts appear in their final state and nothing is measured mid-transition.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI].join(',')}`,
        BASELINE_JIT_ONLY,
      ],
    },
  },
});
