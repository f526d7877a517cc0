import http from 'node:http';
import { ChromiumBrowserPool, PuppeteerLabelRenderer } from '@lgw/labels';
(async () => {
  const hits: string[] = []; let conns = 0;
  const server = http.createServer((req, res) => { hits.push(req.url!); res.end('x'); });
  server.on('connection', () => conns++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as any).port;
  const base = `http://127.0.0.1:${port}`;
  const pool = new ChromiumBrowserPool();
  const r = new PuppeteerLabelRenderer(pool);
  for (const html of [
    `<img src="${base}/img">`,
    `<link rel="stylesheet" href="${base}/css"><p>x</p>`,
    `<style>@font-face{font-family:x;src:url(${base}/font)} p{font-family:x; background:url(${base}/bg)}</style><p>x</p>`,
    `<iframe src="${base}/iframe"></iframe>`,
    `<link rel="preconnect" href="${base}"><link rel="dns-prefetch" href="${base}"><link rel="prefetch" href="${base}/prefetch"><link rel="preload" as="image" href="${base}/preload">`,
    `<script>fetch('${base}/fetch')</script><img src=x onerror="new Image().src='${base}/onerror'">`,
    `<meta http-equiv="refresh" content="0;url=${base}/refresh"><p>x</p>`,
    `<object data="${base}/object"></object><embed src="${base}/embed"><video poster="${base}/poster"></video><audio src="${base}/audio" autoplay></audio>`,
  ]) {
    const pdf = await r.renderHtml(html);
    console.log(pdf.length, hits, conns);
  }
  await new Promise((r) => setTimeout(r, 1000));
  console.log('final', hits, conns, pool.stats());
  await pool.close(); server.close();
})();
