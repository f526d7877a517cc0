#!/usr/bin/env node
'use strict';
/**
 * What `npm test` and `npm run test:services` run: jest in two passes.
 *  1. every selected suite but the timed ones, in parallel workers (LGW_TEST_WORKERS, default 3);
 *  2. the timed suites (test/suite-modes.js `timed`: they assert latencies, event-loop lag or
 *     memory), one at a time, with the machine to themselves.
 * Arguments go to jest in both passes (paths, -t, ...). With `--json --outputFile=F` each pass
 * writes its own file and F receives both merged. A pass with no suite selected is skipped; none
 * in either is an error, as with jest alone.
 *
 * LGW_PASSES=parallel or LGW_PASSES=timed runs only that pass: CI (.ci/run) runs the embedded
 * parallel pass at the lowest CPU priority beside both modes' timed passes
 * (docs/adr/0102-parallel-pass-beside-the-timed-passes.md). Each pass notes its time and the
 * machine's CPU share in LGW_PASS_TIMES_FILE when set.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const workers = process.env.LGW_TEST_WORKERS || '3';
const mode = process.env.LGW_TEST_MODE === 'services' ? 'services' : 'embedded';

const args = process.argv.slice(2);
const outputAt = args.findIndex((a) => a.startsWith('--outputFile'));
let outputFile;
if (outputAt >= 0) {
  const [flag, value] = args[outputAt].split('=');
  outputFile = value ?? args[outputAt + 1];
  args.splice(outputAt, value === undefined && flag === '--outputFile' ? 2 : 1);
}
const json = args.includes('--json');
const jestArgs = args.filter((a) => a !== '--json');

const jest = (pass, extra, options = {}) =>
  spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', JEST, '--forceExit', ...extra, ...jestArgs], {
    cwd: ROOT,
    env: { ...process.env, LGW_SUITES: pass },
    encoding: 'utf8',
    ...options,
  });

const only = process.env.LGW_PASSES ? process.env.LGW_PASSES.split(',').map((name) => name.trim()) : null;
const passes = [
  { name: 'parallel', flags: [`--maxWorkers=${workers}`] },
  { name: 'timed', flags: ['--runInBand'] },
].filter((pass) => {
  if (only && !only.includes(pass.name)) return false;
  const listed = jest(pass.name, ['--listTests'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return listed.status === 0 && listed.stdout.trim() !== '';
});
if (passes.length === 0) {
  process.stderr.write(`run-suites: no suites match ${jestArgs.join(' ') || '(all)'}\n`);
  process.exit(1);
}

/** The machine's CPU time so far (all cores), busy and total, in clock ticks; null off Linux. */
function cpuTicks() {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq] = fields;
    const busy = user + nice + system + irq + softirq;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

let status = 0;
const results = [];
for (const pass of passes) {
  // One pass writes F itself; two write a file each, merged into F below.
  const file = outputFile && passes.length > 1 ? `${outputFile.replace(/\.json$/, '')}.${pass.name}.json` : outputFile;
  if (passes.length > 1) process.stderr.write(`\nrun-suites: ${pass.name} suites\n`);
  const started = Date.now();
  const before = cpuTicks();
  const run = jest(pass.name, [...pass.flags, ...(json && file ? ['--json', `--outputFile=${file}`] : [])], { stdio: 'inherit' });
  status = status || (run.status ?? 1);
  if (file && fs.existsSync(file)) results.push(JSON.parse(fs.readFileSync(file, 'utf8')));
  // Whether a pass kept the cores busy: idle cores mean more workers could shorten it.
  const after = cpuTicks();
  const busy = before && after ? Math.round((100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total)) : null;
  const line = `  ${mode} ${pass.name} pass: ${Math.round((Date.now() - started) / 1000)} s${busy === null ? '' : `, CPU busy ${busy} %`}`;
  process.stderr.write(`run-suites: ${line.trim()}\n`);
  if (process.env.LGW_PASS_TIMES_FILE) fs.appendFileSync(process.env.LGW_PASS_TIMES_FILE, `${line}\n`);
}

if (outputFile && passes.length > 1 && results.length > 0) {
  const sum = (key) => results.reduce((n, r) => n + (r[key] ?? 0), 0);
  const merged = { ...results[0], testResults: results.flatMap((r) => r.testResults), success: results.every((r) => r.success) };
  for (const key of Object.keys(results[0])) if (typeof results[0][key] === 'number' && key !== 'startTime') merged[key] = sum(key);
  fs.writeFileSync(outputFile, JSON.stringify(merged));
}
process.exit(status);
