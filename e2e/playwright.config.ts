import { defineConfig, type ReporterDescription } from '@playwright/test';

const ci = Boolean(process.env.CI);

// The JSON reporter writes where PLAYWRIGHT_JSON_OUTPUT_NAME says (CI sets it); an outputFile
// here would take precedence over that variable, so it is only given when the variable is unset.
const jsonReporter: ReporterDescription = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? ['json']
  : ['json', { outputFile: 'test-results/e2e.json' }];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // Each test signs up its own user with a fresh address, so tests never share state.
  fullyParallel: true,
  // Two cores: one worker per core; the server and Chromium share them.
  workers: ci ? 2 : 1,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Everything, including the first build of a clean clone, on two workers of a loaded machine.
  globalTimeout: 25 * 60_000,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    jsonReporter,
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // The service worker is checked by its own journeys (tests/pwa.spec.ts, which allow it):
    // elsewhere it would precache the whole app in every fresh context and answer navigations
    // from its cache, which the other journeys do not test.
    serviceWorkers: 'block',
    // The account screen copies the email; the journey reads the clipboard back.
    permissions: ['clipboard-read', 'clipboard-write'],
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Debian's Chromium, never a downloaded browser (`playwright install` is not used).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
