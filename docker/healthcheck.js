'use strict';
/**
 * Container health probe without curl or wget in the image.
 *   node docker/healthcheck.js http <url>          2xx within the timeout
 *   node docker/healthcheck.js tcp <ENV_NAME>...   each URL held in ENV_NAME accepts a TCP connection
 *                                                  (an unset variable is skipped: embedded mode)
 * Exit code 0 = healthy, 1 = unhealthy; the reason goes to stderr (docker inspect shows it).
 */
const net = require('node:net');

const TIMEOUT_MS = 3000;
const DEFAULT_PORTS = { 'redis:': 6379, 'rediss:': 6379, 'postgres:': 5432, 'postgresql:': 5432 };

async function checkHttp(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

function checkTcp(envName) {
  const raw = process.env[envName];
  if (!raw) return Promise.resolve();
  const url = new URL(raw);
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol];
  if (!port) return Promise.reject(new Error(`${envName}: no port for ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port, timeout: TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`${envName}: ${url.hostname}:${port} timed out`));
    });
    socket.once('error', (error) => reject(new Error(`${envName}: ${url.hostname}:${port} ${error.message}`)));
  });
}

async function main(argv) {
  const [mode, ...targets] = argv;
  if (mode === 'http' && targets.length === 1) return checkHttp(targets[0]);
  if (mode === 'tcp' && targets.length > 0) return Promise.all(targets.map(checkTcp));
  throw new Error('usage: healthcheck.js http <url> | tcp <ENV_NAME>...');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`unhealthy: ${error.message}\n`);
    process.exit(1);
  },
);
