/**
 * The keyboard focus ring stands out from what it is drawn on (WCAG 2.2, 1.4.11: 3:1), also on the
 * bands with colours of their own: the announcement bar (its colours from config.yaml) and the
 * dark footer. axe does not check focus rings. Real site, Debian Chromium, 127.0.0.1.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openPage, openRoute, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startRealSite();
});
afterAll(() => site?.close());

const CONTROLS = ['.announcement a', '.announcement__close', '.footer a', '.navbar a', '.markdown a'];

describe('focus ring contrast', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`is at least 3:1 against the band each control sits on, in ${scheme} mode`, async () => {
      const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 }, colorScheme: scheme });
      await openRoute(site, page, 'configurations/hub/ssl/');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      await page.keyboard.press('Tab'); // focus from the keyboard shows the ring (:focus-visible)
      for (const selector of CONTROLS) {
        const found = await page.evaluate((sel) => {
          const el = document.querySelector<HTMLElement>(sel);
          if (!el) return undefined;
          el.focus();
          const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
          const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
            const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
            return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
          };
          let band: Element | null = el;
          while (band && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(band).backgroundColor)) band = band.parentElement;
          const ring = luminance(rgb(getComputedStyle(el).outlineColor));
          const behind = luminance(rgb(band ? getComputedStyle(band).backgroundColor : 'rgb(255, 255, 255)'));
          const ratio = (Math.max(ring, behind) + 0.05) / (Math.min(ring, behind) + 0.05);
          return { visible: el.matches(':focus-visible'), style: getComputedStyle(el).outlineStyle, ratio: Math.round(ratio * 100) / 100 };
        }, selector);
        expect(found, selector).toBeDefined();
        expect(found?.visible, selector).toBe(true);
        expect(found?.style, selector).toBe('solid');
        expect(found?.ratio, selector).toBeGreaterThanOrEqual(3);
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
