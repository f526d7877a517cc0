import http from 'node:http';
import { ChromiumBrowserPool, PuppeteerLabelRenderer } from '@lgw/labels';
(async () => {
  const variants: Record<string, string[]> = {
    none: [],
    resolver: ['--host-resolver-rules=MAP * ~NOTFOUND'],
    proxy: ['--proxy-server=127.0.0.1:9', '--proxy-bypass-list=<-loopback>'],
    both: ['--host-resolver-rules=MAP * ~NOTFOUND', '--proxy-server=127.0.0.1:9', '--proxy-bypass-list=<-loopback>'],
  };
  for (const [name, args] of Object.entries(variants)) {
  const hits: string[] = []; let conns = 0;
  const server = http.createServer((req, res) => { hits.push(req.url!); res.end('x'); });
  server.on('connection', () => conns++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as any).port;
  const base = `http://127.0.0.1:${port}`;
  const pool = new ChromiumBrowserPool({ extraArgs: args });
  const r = new PuppeteerLabelRenderer(pool);
  const t0 = performance.now();
  for (const html of [
    `<img src="${base}/img">`,
    `<iframe src="${base}/iframe"></iframe>`,
    `<link rel="preconnect" href="${base}"><link rel="dns-prefetch" href="${base}"><link rel="prefetch" href="${base}/prefetch"><link rel="preload" as="image" href="${base}/preload">`,
    `<link rel="prefetch" href="http://localhost:${port}/prefetch-localhost"><iframe src="http://localhost:${port}/iframe-localhost"></iframe>`,
    `<object data="${base}/object"></object><embed src="${base}/embed"><video poster="${base}/poster"></video><audio src="${base}/audio" autoplay></audio>`,
  ]) await r.renderHtml(html);
  await new Promise((r) => setTimeout(r, 1000));
  console.log(name, hits, conns, (performance.now()-t0).toFixed(0));
  await pool.close(); server.close();
  }
})();
