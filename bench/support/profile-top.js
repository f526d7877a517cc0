'use strict';
/**
 * Summarises a V8 .cpuprofile (node --cpu-prof) by self time per function, the view that says
 * where a hot path spends its CPU. Usage:
 *   node bench/support/profile-top.js <file.cpuprofile> [--top 25] [--last <seconds>] [--markdown]
 * Functions are keyed by name and file (basename:line), so one function inlined into many call
 * sites still counts once. "(idle)" is the thread waiting for I/O and is left out of the
 * percentages, which are of busy time. `byArea` adds the same by package / WebAssembly / our code.
 */
const { readFileSync } = require('node:fs');
const { basename } = require('node:path');

function summarise(profile, top = 25) {
  const selfUs = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas ?? [];
  for (let i = firstSample(profile); i < profile.samples.length; i++) {
    const node = nodes.get(profile.samples[i]);
    const key = keyOf(node.callFrame);
    selfUs.set(key, (selfUs.get(key) ?? 0) + Math.max(0, deltas[i] ?? 0));
  }
  const idle = selfUs.get('(idle)') ?? 0;
  selfUs.delete('(idle)');
  const busy = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const rows = [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ fn, self_ms: +(us / 1000).toFixed(1), pct: +((100 * us) / busy).toFixed(1) }));
  return { busy_ms: +(busy / 1000).toFixed(0), idle_ms: +(idle / 1000).toFixed(0), rows };
}

/**
 * A profile taken with --cpu-prof covers the whole process, start-up (module loading, embedded
 * migrations) included. `lastSeconds` on the profile keeps only its end: the measured load,
 * which runs until the process is stopped.
 */
function firstSample(profile) {
  if (!profile.lastSeconds) return 0;
  const from = profile.endTime - profile.lastSeconds * 1e6;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= from) return i;
  }
  return profile.samples.length;
}

/** Self time by where the code lives: WebAssembly (PGlite), a package, node internals, our code. */
function byArea(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map();
  for (let i = firstSample(profile); i < profile.samples.length; i++) {
    const { url, functionName } = nodes.get(profile.samples[i]).callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + Math.max(0, profile.timeDeltas?.[i] ?? 0));
  }
  areas.delete('(idle)');
  const busy = [...areas.values()].reduce((a, b) => a + b, 0);
  return [...areas.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([area, us]) => ({ area, self_ms: +(us / 1000).toFixed(0), pct: +((100 * us) / busy).toFixed(1) }));
}

function areaOf(url, functionName) {
  if (url.startsWith('wasm')) return 'PGlite (WebAssembly)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const [a, b] = url.slice(nm + 'node_modules/'.length).split('/');
    return a.startsWith('@') ? `${a}/${b}` : a;
  }
  if (url.startsWith('node:')) return 'node (JS internals)';
  if (url) return 'gateway code';
  // Native frames: syscalls (writev, writeBuffer …), the collector, idle.
  return functionName.startsWith('(') ? functionName : 'node (native)';
}

function keyOf(frame) {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  return `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

/** node_modules/<pkg>/… keeps the package name; our own files keep their last two segments. */
function shortUrl(url) {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `${pkg}/…/${basename(path)}`;
  }
  const parts = path.split('/');
  return parts.slice(-2).join('/');
}

function toMarkdown({ busy_ms, idle_ms, rows }, areas) {
  const lines = [`busy ${busy_ms} ms, idle ${idle_ms} ms`, '', '| self ms | % busy | function |', '|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.self_ms} | ${r.pct} | \`${r.fn}\` |`);
  if (areas) {
    lines.push(
      '',
      'By area: ' +
        areas
          .slice(0, 10)
          .map((a) => `${a.area} ${a.pct} %`)
          .join(', '),
    );
  }
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: node bench/support/profile-top.js <file.cpuprofile> [--top N] [--last S] [--markdown]');
    process.exit(2);
  }
  const lastAt = args.indexOf('--last');
  const topAt = args.indexOf('--top');
  const top = topAt === -1 ? 25 : Number(args[topAt + 1]);
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  if (lastAt !== -1) profile.lastSeconds = Number(args[lastAt + 1]);
  const result = summarise(profile, top);
  const areas = byArea(profile);
  console.log(args.includes('--markdown') ? toMarkdown(result, areas) : JSON.stringify({ ...result, areas }, null, 2));
}

module.exports = { summarise, byArea, toMarkdown };
