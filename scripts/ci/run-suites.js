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
 * LGW_BESIDE_TIMED_PASS, a shell command, runs beside the timed pass at the lowest CPU priority
 * (nice 19): the timed suites leave a core partly idle (55-65 % busy), and a nice-19 process only
 * takes the cycles they do not want (docs/adr/0096-work-beside-the-timed-pass.md). Its exit
 * status counts like a pass's, and its time is noted as `beside` under the phase.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const workers = process.env.LGW_TEST_WORKERS || '3';

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

const passes = [
  { name: 'parallel', flags: [`--maxWorkers=${workers}`] },
  { name: 'timed', flags: ['--runInBand'] },
].filter((pass) => {
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

/** Starts LGW_BESIDE_TIMED_PASS at nice 19; resolves with its exit status (a failure to start counts as 1). */
function startBeside(command) {
  // The shell notes its own duration: this process learns of the exit only once the timed pass
  // (a synchronous spawn) has returned.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lgw-beside-'));
  const secondsFile = path.join(scratch, 'seconds');
  const script = `(\n${command}\n)\nstatus=$?\necho "$SECONDS" >"$LGW_BESIDE_SECONDS_FILE"\nexit "$status"`;
  const child = spawn('nice', ['-n', '19', 'bash', '-c', script], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, LGW_BESIDE_SECONDS_FILE: secondsFile },
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => {
      let seconds = '?';
      try {
        seconds = fs.readFileSync(secondsFile, 'utf8').trim();
      } catch {
        // the shell died before noting it
      }
      fs.rmSync(scratch, { recursive: true, force: true });
      const line = `  beside the timed pass (nice 19): ${seconds} s`;
      process.stderr.write(`run-suites: ${line.trim()}, status ${code ?? 1}\n`);
      if (process.env.LGW_PASS_TIMES_FILE) fs.appendFileSync(process.env.LGW_PASS_TIMES_FILE, `${line}\n`);
      resolve(code ?? 1);
    });
  });
}

let status = 0;
const results = [];
let beside;
for (const pass of passes) {
  if (pass.name === 'timed' && process.env.LGW_BESIDE_TIMED_PASS) beside = startBeside(process.env.LGW_BESIDE_TIMED_PASS);
  const file = outputFile ? `${outputFile.replace(/\.json$/, '')}.${pass.name}.json` : undefined;
  if (passes.length > 1) process.stderr.write(`\nrun-suites: ${pass.name} suites\n`);
  const started = Date.now();
  const before = cpuTicks();
  const run = jest(pass.name, [...pass.flags, ...(json && file ? ['--json', `--outputFile=${file}`] : [])], { stdio: 'inherit' });
  status = status || (run.status ?? 1);
  if (file && fs.existsSync(file)) results.push(JSON.parse(fs.readFileSync(file, 'utf8')));
  // Whether a pass kept the cores busy: idle cores mean more workers could shorten it.
  const after = cpuTicks();
  const busy = before && after ? Math.round((100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total)) : null;
  const line = `  ${pass.name} pass: ${Math.round((Date.now() - started) / 1000)} s${busy === null ? '' : `, CPU busy ${busy} %`}`;
  process.stderr.write(`run-suites: ${line.trim()}\n`);
  if (process.env.LGW_PASS_TIMES_FILE) fs.appendFileSync(process.env.LGW_PASS_TIMES_FILE, `${line}\n`);
}

if (outputFile && results.length > 0) {
  const sum = (key) => results.reduce((n, r) => n + (r[key] ?? 0), 0);
  const merged = { ...results[0], testResults: results.flatMap((r) => r.testResults), success: results.every((r) => r.success) };
  for (const key of Object.keys(results[0])) if (typeof results[0][key] === 'number' && key !== 'startTime') merged[key] = sum(key);
  fs.writeFileSync(outputFile, JSON.stringify(merged));
}
// With no timed pass selected, the command still runs (after the others), so it is never skipped.
if (!beside && process.env.LGW_BESIDE_TIMED_PASS) beside = startBeside(process.env.LGW_BESIDE_TIMED_PASS);
if (beside) {
  void beside.then((besideStatus) => process.exit(status || besideStatus));
} else {
  process.exit(status);
}
