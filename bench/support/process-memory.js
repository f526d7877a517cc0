'use strict';
/**
 * Resident memory of another process from /proc (Linux): the current size, and the peak since
 * the last reset. Writing 5 to /proc/<pid>/clear_refs resets the peak (VmHWM), so the peak of
 * one request can be told from the peak of the set-up before it.
 */
const { readFileSync, writeFileSync } = require('node:fs');

function statusKb(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]);
}

const mb = (kb) => +(kb / 1024).toFixed(1);

module.exports = {
  rssMb: (pid) => mb(statusKb(pid, 'VmRSS')),
  peakRssMb: (pid) => mb(statusKb(pid, 'VmHWM')),
  resetPeakRss: (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
};
