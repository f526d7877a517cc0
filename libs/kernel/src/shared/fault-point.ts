let armed: ReadonlySet<string> = new Set();

/**
 * Arms crash injection for the crash-consistency suites (LGW_FAULT_POINT, read with the rest of
 * the configuration): on reaching an armed point the process kills itself with SIGKILL, as a
 * power cut or an OOM kill would. Nothing is armed in a real deployment.
 */
export function armFaultPoints(names: readonly string[]): void {
  armed = new Set(names);
}

/** A place a crash suite may stop the process; one set lookup otherwise. */
export function faultPoint(name: string): void {
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
