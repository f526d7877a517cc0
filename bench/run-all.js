'use strict';
/**
 * `npm run bench`: runs every bench/ script one after the other and prints one table (figure,
 * value, target, baselines, ratio, met). Scripts report their rows as a `BENCH_ROWS <json>` line
 * (support/harness.js reportRows); a script that reports none gets a row pointing at its own
 * output, printed above the table.
 *
 * The hot paths and bookings run in both modes: embedded always, PostgreSQL + Redis when
 * BENCH_DATABASE_URL and BENCH_REDIS_URL are set (the other scripts run once, in the mode those
 * variables select). BENCH_ONLY=hot-paths,shipments limits the scripts. Build first
 * (`npm run bench` does).
 */
const { spawn } = require('node:child_process');
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const BENCH_DIR = __dirname;
/** Scripts measured in both modes; the rest follow BENCH_DATABASE_URL / BENCH_REDIS_URL. */
const BOTH_MODES = new Set(['hot-paths', 'shipments']);
/** Per-script environment: labels are judged at 4 connections. */
const SCRIPT_ENV = { reads: { BENCH_CONNECTIONS: '4' } };

function scripts() {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  return readdirSync(BENCH_DIR)
    .filter((f) => /\.bench\.(js|ts)$/.test(f))
    .map((file) => ({ file, name: file.replace(/\.bench\.(js|ts)$/, '') }))
    .filter(({ name }) => !only || only.includes(name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function runs(script) {
  const production = process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL;
  const embedded = { ...process.env, BENCH_DATABASE_URL: '', BENCH_REDIS_URL: '' };
  const extra = SCRIPT_ENV[script.name] ?? {};
  if (BOTH_MODES.has(script.name)) {
    const list = [{ mode: 'embedded', env: { ...embedded, ...extra } }];
    if (production) list.push({ mode: 'postgres+redis', env: { ...process.env, ...extra } });
    return list;
  }
  return [{ mode: production ? 'postgres+redis' : 'embedded', env: { ...process.env, ...extra } }];
}

function execute(script, env) {
  const args = script.file.endsWith('.ts')
    ? ['--expose-gc', '-r', join(BENCH_DIR, 'support', 'register.js'), join(BENCH_DIR, script.file)]
    : [join(BENCH_DIR, script.file)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

function rowsOf(out) {
  return out
    .split('\n')
    .filter((line) => line.startsWith('BENCH_ROWS '))
    .flatMap((line) => JSON.parse(line.slice('BENCH_ROWS '.length)));
}

function table(rows) {
  const head = ['figure', 'value', 'target', 'baseline(s)', 'ratio', 'met'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const met = r.met === true ? 'yes' : r.met === false ? '**no**' : '—';
    lines.push(`| ${[r.figure, r.value, r.target, r.baselines, r.ratio, met].join(' | ')} |`);
  }
  return lines.join('\n');
}

async function main() {
  const rows = [];
  for (const script of scripts()) {
    for (const { mode, env } of runs(script)) {
      console.log(`\n## ${script.file} (${mode})\n`);
      const { code, out } = await execute(script, env);
      const reported = rowsOf(out);
      if (reported.length > 0) rows.push(...reported);
      else {
        rows.push({
          figure: `${script.file} (${mode})`,
          value: code === 0 ? 'see its output above' : `failed (exit ${code})`,
          target: 'docs/performance.md',
          baselines: '—',
          ratio: '—',
          met: null,
        });
      }
    }
  }
  console.log(`\n# Benchmarks, ${new Date().toISOString()}\n`);
  console.log(table(rows));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
