import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { ChromiumBrowserPool, buildLabelHtml } from '@lgw/labels';
(async () => {
  const pool = new ChromiumBrowserPool();
  const html = require('node:fs').readFileSync('/tmp/label.html', 'utf8');
  const variants: Record<string, object> = {
    mm: { width: '105mm', height: '148mm' },
    in: { width: '4.13386in', height: '5.82677in' },
    css: { preferCSSPageSize: true },
    px: { width: 105 / 25.4 * 96, height: 148 / 25.4 * 96 },
  };
  for (const [name, opts] of Object.entries(variants)) {
    const pdf = await pool.withPage(async (page) => { await page.setContent(html, { waitUntil: 'load' }); return page.pdf({ ...opts, printBackground: true, pageRanges: '1' }); });
    writeFileSync('/tmp/v.pdf', pdf);
    console.log(name, execFileSync('pdfinfo', ['/tmp/v.pdf']).toString().match(/Page size.*/)?.[0]);
  }
  await pool.close();
})();
