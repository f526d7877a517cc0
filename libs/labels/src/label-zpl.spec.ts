import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelData } from '@lgw/shipping';
import { buildLabelZpl, buildZplLayout, fieldData, rasterLines, ZplGraphic } from './label-zpl';
import { readPicture, renderZpl, scanPicture } from '../../../test/support/zpl-tools';

const DATA: LabelData = {
  shipmentId: '5b1a8f0e-9d1c-4a53-9a55-111111111111',
  trackingNumber: 'SAHM0012345678',
  carrier: { code: 'sahm', name_en: 'Sahm Express', name_ar: 'سهم إكسبريس' },
  service: { code: 'std', name_en: 'Standard', name_ar: 'عادي' },
  origin: { name: 'Acme Warehouse', line1: 'King Fahd Road 1200', city: 'Riyadh', country: 'SA', phone: '966512345678' },
  destination: { name: 'محمد عبدالله', line1: 'Tahlia ^XZ Street_55 ~JA', city: 'Jeddah', country: 'SA', short_address: 'JEDA1234' },
  parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
  chargeableWeightKg: 1.5,
  codAmountHalalas: 12050,
  reference: 'ORD-1',
  createdAt: new Date('2026-11-20T10:00:00Z'),
};

/** A solid block standing in for the browser's raster of a line. */
function block(width: number, height: number): ZplGraphic {
  const bytesPerRow = Math.ceil(width / 8);
  return { widthDots: bytesPerRow * 8, heightDots: height, bytesPerRow, hex: 'FF'.repeat(bytesPerRow * height) };
}

describe('ZPL label', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lgw-zpl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('escapes field data so no value can end its field or start a command', () => {
    expect(fieldData('A^XZ~JA_b\\')).toBe('A_5EXZ_7EJA_5Fb_5C');
    expect(fieldData('é')).toBe('_C3_A9');
    const zpl = buildLabelZpl(buildZplLayout(DATA), new Map());
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~JA');
  });

  it('rasterises only the lines holding Arabic', () => {
    const layout = buildZplLayout(DATA);
    const arabic = rasterLines(layout).map((r) => r.line.text);
    expect(arabic).toContain('محمد عبدالله');
    expect(arabic).toContain('سهم إكسبريس');
    expect(arabic).not.toContain('Acme Warehouse');
  });

  it('prints a Code 128 and a QR code that a scanner reads as the tracking number', async () => {
    const layout = buildZplLayout(DATA);
    const rasters = new Map(rasterLines(layout).map(({ index, line }) => [index, block(80, line.height)]));
    const zpl = buildLabelZpl(layout, rasters);
    expect(zpl).toContain('^GFA,');
    const png = await renderZpl(dir, zpl);
    expect(await scanPicture(png)).toEqual(expect.arrayContaining([`CODE-128:${DATA.trackingNumber}`, `QR-Code:${DATA.trackingNumber}`]));
    const picture = await readPicture(png);
    // 4 × 6 in at 8 dots/mm, give or take the engine's rounding of 101.6 × 152.4 mm.
    expect(Math.abs(picture.width - 812)).toBeLessThanOrEqual(1);
    expect(Math.abs(picture.height - 1218)).toBeLessThanOrEqual(2);
  });
});
