import { LabelData } from '@lgw/shipping';
import { LabelRendererUnavailableError } from '@lgw/kernel';
import { BrowserPoolEvent, BrowserUnavailableError, ChromiumBrowserPool } from './chromium-browser-pool';
import { PuppeteerLabelRenderer } from './puppeteer-label.renderer';

const label: LabelData = {
  shipmentId: 'shp_01',
  trackingNumber: 'LGW0000000001SA',
  carrier: { code: 'swift', name_en: 'Swift Express', name_ar: 'سويفت إكسبريس' },
  service: { code: 'exp-dom', name_en: 'Express Domestic', name_ar: 'سريع محلي' },
  origin: { name: 'Acme Store', city: 'Riyadh', country: 'SA' },
  destination: { name: 'محمد عبدالله', city: 'جدة', country: 'SA', short_address: 'JESA3591' },
  parcels: [{ weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 }],
  chargeableWeightKg: 1,
  createdAt: new Date('2025-03-14T21:30:00Z'),
};

describe('ChromiumBrowserPool when no browser can run', () => {
  it('reports no executable and fails a render at once, launching nothing', async () => {
    const events: BrowserPoolEvent[] = [];
    const pool = new ChromiumBrowserPool({ executablePath: '/nonexistent/chromium', onEvent: (e) => events.push(e) });
    try {
      expect(pool.availability()).toEqual({
        available: false,
        reason: 'PUPPETEER_EXECUTABLE_PATH=/nonexistent/chromium is not an executable file',
      });
      await expect(pool.withPage(async () => 'rendered')).rejects.toBeInstanceOf(BrowserUnavailableError);
      // The renderers turn it into the application's error (503 E_LABEL_UNAVAILABLE at the edge).
      await expect(new PuppeteerLabelRenderer(pool).render(label)).rejects.toBeInstanceOf(LabelRendererUnavailableError);
      expect(pool.stats().launches).toBe(0);
      expect(events).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('after a failed launch, fails renders at once until relaunchAfterMs, then tries again', async () => {
    const events: BrowserPoolEvent[] = [];
    // An executable that is no browser: it exits at once, as a broken install would.
    const pool = new ChromiumBrowserPool({ executablePath: '/bin/false', relaunchAfterMs: 60_000, onEvent: (e) => events.push(e) });
    try {
      expect(pool.availability()).toEqual({ available: true });
      const first = pool.withPage(async () => 'rendered');
      await expect(first).rejects.toBeInstanceOf(BrowserUnavailableError);
      await expect(first).rejects.toThrow(/Chromium at \/bin\/false failed to launch/);
      const availability = pool.availability();
      expect(availability.available).toBe(false);
      await expect(pool.withPage(async () => 'rendered')).rejects.toBeInstanceOf(BrowserUnavailableError);
      expect(events.filter((e) => e.type === 'launch-failed')).toHaveLength(1);
    } finally {
      await pool.close();
    }

    const eager = new ChromiumBrowserPool({ executablePath: '/bin/false', relaunchAfterMs: 0, onEvent: (e) => events.push(e) });
    try {
      await expect(eager.withPage(async () => 'rendered')).rejects.toBeInstanceOf(BrowserUnavailableError);
      await expect(eager.withPage(async () => 'rendered')).rejects.toBeInstanceOf(BrowserUnavailableError);
      expect(events.filter((e) => e.type === 'launch-failed')).toHaveLength(3);
    } finally {
      await eager.close();
    }
  });
});
