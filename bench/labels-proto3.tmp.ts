import { ChromiumBrowserPool } from '@lgw/labels';
(async () => {
  const pool = new ChromiumBrowserPool({ pageCount: 1 });
  const html = require('node:fs').readFileSync('/tmp/label.html', 'utf8');
  const variants: Record<string, object> = { base: {}, untagged: { tagged: false }, untagged_nooutline: { tagged: false, outline: false } };
  const res: Record<string, { sc: number[]; pd: number[] }> = {};
  for (const k of Object.keys(variants)) res[k] = { sc: [], pd: [] };
  for (let i = 0; i < 80; i++) for (const [name, opts] of Object.entries(variants)) {
      await pool.withPage(async (page) => {
        let t = performance.now();
        await page.setContent(html.replace('LGW1234567890SA', 'LGW' + i), { waitUntil: 'load' });
        res[name].sc.push(performance.now() - t); t = performance.now();
        await page.pdf({ width: '105mm', height: '148mm', ...opts, printBackground: true, pageRanges: '1' });
        res[name].pd.push(performance.now() - t);
      });
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(1);
  for (const [k, v] of Object.entries(res)) console.log(k, 'setContent', med(v.sc), 'pdf', med(v.pd));
  await pool.close();
})();
