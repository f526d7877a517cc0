/**
 * Crash injection for the crash-consistency suites: with LGW_FAULT_POINT naming this point
 * (comma-separated for several), the process kills itself with SIGKILL on reaching it, as a
 * power cut or an OOM kill would. Unset in every real deployment; reading it costs one lookup.
 */
export function faultPoint(name: string): void {
  const wanted = process.env.LGW_FAULT_POINT;
  if (wanted && wanted.split(',').includes(name)) process.kill(process.pid, 'SIGKILL');
}
