/**
 * The committed report page in a real browser: headless Chromium opens reports/index.html, every hazard's section
 * shows its picture, the page logs no error and asks for nothing outside the file, it fits a phone's width, and
 * screenshots are written for people to look at (reports/screenshot.png, reports/screenshot-phone.png; ignored by
 * git). Needs Debian's chromium at /usr/bin/chromium: without it the test is skipped on a developer's machine, but
 * fails in CI (CI set), where .ci/run installs it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../properties/catalog.js';
import { anchor } from '../../reports/markdown/edge-cases-markdown.js';

const executablePath = '/usr/bin/chromium';
const reports = join(import.meta.dirname, '../../reports');
const page = pathToFileURL(join(reports, 'index.html')).href;
const inCi = (process.env['CI'] ?? '') !== '' && process.env['CI'] !== 'false';
const screenshotTimeoutMs = 120_000;
const hazards = catalog.filter((property) => property.kind === 'hazard').map((property) => property.id);

/** What a page did besides rendering: console errors, uncaught exceptions, requests for anything but the file. */
interface Watch {
  readonly errors: string[];
  readonly requests: string[];
}

/** Opens the report at a viewport size and records what it does. */
async function open(browser: Browser, width: number, height: number): Promise<{ readonly tab: Page; readonly watch: Watch }> {
  const tab = await browser.newPage({ viewport: { width, height } });
  const watch: Watch = { errors: [], requests: [] };
  tab.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  tab.on('pageerror', (error) => watch.errors.push(error.message));
  tab.on('request', (request) => {
    if (request.url() !== page) watch.requests.push(request.url());
  });
  await tab.goto(page, { waitUntil: 'load' });
  return { tab, watch };
}

if (!existsSync(executablePath) && !inCi) {
  describe('reports/index.html in headless Chromium', () => {
    it.skip(`is skipped: ${executablePath} is absent and CI is not set (apt-get install chromium to run it)`, () => undefined);
  });
} else {
  describe('reports/index.html in headless Chromium', () => {
    let browser: Browser;

    beforeAll(async () => {
      if (!existsSync(executablePath)) throw new Error(`${executablePath} is missing: .ci/run installs Debian's chromium before the tests`);
      browser = await chromium.launch({
        executablePath,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
      });
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('shows every hazard with its SVG picture, logs no error and loads nothing from outside the file', async () => {
      const { tab, watch } = await open(browser, 1280, 900);
      for (const id of hazards) {
        const section = tab.locator(`section#${anchor(id)}`);
        await expect.poll(() => section.count(), { message: `section #${anchor(id)}` }).toBe(1);
        const box = await section.locator('svg.chart').first().boundingBox();
        expect(box, `the picture of ${id}`).not.toBeNull();
        expect(box?.width ?? 0, `the picture of ${id} has a width`).toBeGreaterThan(100);
        expect(box?.height ?? 0, `the picture of ${id} has a height`).toBeGreaterThan(40);
      }
      // The real-client campaign's section: its table, and each finding's timeline drawn with a lane per client.
      await expect.poll(() => tab.locator('h2#real-clients').count(), { message: 'the real-clients section' }).toBe(1);
      const timeline = await tab.locator('svg.timeline').first().boundingBox();
      expect(timeline, 'a real-client finding\'s timeline').not.toBeNull();
      expect(timeline?.width ?? 0).toBeGreaterThan(100);
      // The report's top, 1280 × 4000: a whole-page screenshot of the long report (each library finding has its
      // picture) outgrows what headless Chromium captures in one piece, and hangs.
      await tab.setViewportSize({ width: 1280, height: 4000 });
      await tab.screenshot({ path: join(reports, 'screenshot.png'), timeout: screenshotTimeoutMs });
      expect(watch.errors).toEqual([]);
      expect(watch.requests).toEqual([]);
    }, 3 * screenshotTimeoutMs);

    it('fits a phone: nothing wider than the screen but the pictures and tables, which scroll in their boxes', async () => {
      const { tab, watch } = await open(browser, 390, 844);
      // A string, evaluated in the page: the test's TypeScript has no DOM types.
      const overflow = await tab.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await tab.screenshot({ path: join(reports, 'screenshot-phone.png'), timeout: screenshotTimeoutMs });
      expect(watch.errors).toEqual([]);
    }, 3 * screenshotTimeoutMs);
  });
}
