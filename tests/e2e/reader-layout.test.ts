/**
 * Two things a reader audit found moving or covering what the reader was looking at, in Debian
 * Chromium against the built fixture with one added page: synced tab sets keep the pressed tab
 * list where it was on screen when a set above it changes height, and a code block's Copy button
 * never sits over the code's text on a touch phone, where it is always shown, nor over a titled
 * block's code on desktop.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { copyFixture, runCli } from '../helpers.ts';
import { openPage, openRoute, serveSite, type E2eSite } from './setup.ts';

const FILLER = Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1} of text between the sets, long enough to wrap on a phone and to take some room on a desktop screen as well.`).join('\n\n');
const URL_LINE = 'curl -fsSL -H "Accept: application/json" "https://downloads.example.com/fixture-tool/releases/latest/download/fixture-tool-linux-x86_64.tar.gz?channel=stable"';

/** Two sets of one group, the first taller on Windows than on Linux, then code blocks whose first lines are long. */
const PAGE = `---
title: Layout
sidebar_position: 9
---

## First set

::::tabs{groupId="os"}
:::tab[Linux]
Linux, one line.
:::
:::tab[Windows]
Windows, first of several paragraphs.

${FILLER}
:::
::::

${FILLER}

## Second set

::::tabs{groupId="os"}
:::tab[Linux]
Linux again.
:::
:::tab[Windows]
Windows again.
:::
::::

## Code

\`\`\`bash
${URL_LINE}
\`\`\`

\`\`\`bash
${URL_LINE} \\
  | tar -xz -C /usr/local/bin
fixture-tool --version
\`\`\`

\`\`\`bash title="install.sh"
${URL_LINE} \\
  | tar -xz -C /usr/local/bin
\`\`\`

${FILLER}

${FILLER}
`;

let site: E2eSite;
beforeAll(async () => {
  const dir = await copyFixture('basic');
  await writeFile(path.join(dir, 'content/guide/layout.md'), PAGE);
  const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
  if (result.code !== 0) throw new Error(`fixture build failed: ${result.stderr}`);
  site = await serveSite(dir, path.join(dir, 'out'), '/docs/');
});
afterAll(() => site?.close());

describe('synced tab sets', () => {
  const sets = (page: Page) => page.locator('.markdown .tabs');
  const listTop = (page: Page, index: number) => sets(page).nth(index).locator('.tabs__list').evaluate((list) => list.getBoundingClientRect().top);
  const height = (page: Page, index: number) => sets(page).nth(index).evaluate((set) => set.getBoundingClientRect().height);

  /** The page with Windows chosen (the first set tall), scrolled so the second set's tab list is 130 px from the top. */
  async function readSecondSet(page: Page): Promise<number> {
    await openRoute(site, page, 'guide/layout/');
    await sets(page).nth(0).getByRole('tab', { name: 'Windows' }).click();
    await page.evaluate(() => window.scrollBy({ top: document.querySelectorAll('.markdown .tabs__list')[1]!.getBoundingClientRect().top - 130, behavior: 'instant' }));
    const top = await listTop(page, 1);
    expect(Math.abs(top - 130)).toBeLessThanOrEqual(2);
    return top;
  }

  it('a click on a tab of the second set keeps its tab list where it was, while the first set above changes', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    const top = await readSecondSet(page);
    const before = await height(page, 0);
    await sets(page).nth(1).getByRole('tab', { name: 'Linux' }).click();
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await sets(page).nth(0).getByRole('tab', { name: 'Linux' }).getAttribute('aria-selected')).toBe('true');
    expect(await height(page, 0)).toBeLessThan(before - 100);
    expect(Math.abs((await listTop(page, 1)) - top)).toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('so does the keyboard: Arrow Right, Home and End in the second tab list', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    const top = await readSecondSet(page);
    await sets(page).nth(1).getByRole('tab', { name: 'Windows' }).focus();
    for (const [key, label] of [['ArrowRight', 'Linux'], ['End', 'Windows'], ['Home', 'Linux']] as const) {
      const before = await height(page, 0);
      await page.keyboard.press(key);
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(label);
      expect(await sets(page).nth(0).getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
      expect(Math.abs((await height(page, 0)) - before)).toBeGreaterThan(100);
      expect(Math.abs((await listTop(page, 1)) - top)).toBeLessThanOrEqual(2);
    }
    await page.close();
  });
});

describe('the Copy button of a code block', () => {
  /** For each code block of the page: whether the visible Copy button's box meets the text of any line of the code. */
  const overlaps = (page: Page) =>
    page.locator('.markdown .code-block').evaluateAll((blocks) =>
      blocks.map((block) => {
        const button = block.querySelector('.code-block__copy')!.getBoundingClientRect();
        return [...block.querySelectorAll('pre .line')].some((line) => {
          const range = document.createRange();
          range.selectNodeContents(line);
          return [...range.getClientRects()].some((r) => r.width > 0 && r.left < button.right && r.right > button.left && r.top < button.bottom && r.bottom > button.top);
        });
      }),
    );

  it('on a touch phone, where it is always shown, covers no code text of a one-line or a longer block, titled or not', async () => {
    const { page } = await openPage(site, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await openRoute(site, page, 'guide/layout/');
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const copy = page.locator('.markdown .code-block__copy');
    await page.waitForFunction(() => [...document.querySelectorAll('.markdown .code-block__copy')].every((b) => getComputedStyle(b).opacity === '1'));
    expect(await copy.count()).toBe(3);
    expect(await overlaps(page)).toEqual([false, false, false]);
    // Long lines still scroll sideways in their block.
    expect(await page.locator('.markdown .code-block pre').first().evaluate((pre) => pre.scrollWidth > pre.clientWidth && getComputedStyle(pre).overflowX === 'auto')).toBe(true);
    await page.close();
  });

  it('on desktop, shown while the pointer is over the block, covers no code text of a titled block, and adds no room to the others', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openRoute(site, page, 'guide/layout/');
    const blocks = page.locator('.markdown .code-block');
    await blocks.nth(2).hover();
    await page.waitForFunction(() => getComputedStyle(document.querySelectorAll('.markdown .code-block__copy')[2]!).opacity === '1');
    expect((await overlaps(page))[2]).toBe(false);
    // Untitled blocks keep their padding: a strip above every block's first line for a button shown on hover only was empty room.
    const paddings = await page.locator('.markdown .code-block > pre').evaluateAll((pres) => pres.map((pre) => getComputedStyle(pre).paddingTop));
    expect(paddings[0]).toBe(paddings[2]);
    await page.close();
  });
});
