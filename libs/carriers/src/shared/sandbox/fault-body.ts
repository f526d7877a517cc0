/** What the `error` fault answers for a simulator that declares no failure body of its own. */
export const FAULT_ERROR_BODY = {
  error: { code: 'SANDBOX_FAULT', message: 'Simulated carrier failure (fault mode "error")' },
};
