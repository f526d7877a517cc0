import type { ManifestDocument, ManifestRendererPort } from '@lgw/shipping';
import { ChromiumBrowserPool } from './chromium-browser-pool';
import { buildManifestHtml, MANIFEST_MARGIN_MM } from './manifest-template';
import { printA4 } from './puppeteer-invoice.renderer';

/** ManifestRendererPort on the labels' Chromium pool: the handover sheet on A4 pages. */
export class PuppeteerManifestRenderer implements ManifestRendererPort {
  constructor(private readonly pool: ChromiumBrowserPool) {}

  render(doc: ManifestDocument): Promise<Buffer> {
    return printA4(this.pool, buildManifestHtml(doc), doc.lines.length, MANIFEST_MARGIN_MM);
  }
}
