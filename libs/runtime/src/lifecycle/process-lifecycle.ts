/** Runs `stop` once on SIGTERM or SIGINT, then exits; a failure to start exits with 1. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await stop();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}

export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(JSON.stringify({ level: 'fatal', msg: `${name} failed to start`, err: String(error?.stack ?? error) }));
    process.exit(1);
  });
}
