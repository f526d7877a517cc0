import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { lazyRequestLogger } from './request-logger';

describe('lazyRequestLogger', () => {
  const setup = (countChildren = true) => {
    const lines: Record<string, unknown>[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let children = 0;
    // Counted on the root only (pino's children inherit own properties of their parent).
    const child = root.child.bind(root);
    if (countChildren) root.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof root.child;
    const log = lazyRequestLogger(root as unknown as FastifyBaseLogger, { reqId: 'r-1' }, {});
    return { lines, log, children: () => children };
  };

  it('makes its child only when a line is written, and the line carries the request id', () => {
    const { lines, log, children } = setup();
    log.debug('below the level');
    expect(children()).toBe(0);
    log.error({ event: 'request.failed' }, 'unexpected error');
    log.warn('again');
    expect(children()).toBe(1);
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['r-1', 'unexpected error'],
      ['r-1', 'again'],
    ]);
    expect(lines[0].event).toBe('request.failed');
  });

  it('answers the level and makes children of its own child', () => {
    const { lines, log } = setup(false);
    expect(log.level).toBe('info');
    log.child({ carrier: 'x' }).info('audit');
    expect(lines[0]).toMatchObject({ reqId: 'r-1', carrier: 'x', msg: 'audit' });
  });
});
