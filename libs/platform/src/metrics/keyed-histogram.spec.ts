import { Histogram, Registry } from 'prom-client';
import { KeyedHistogram } from './keyed-histogram';

describe('KeyedHistogram', () => {
  it('exposes what prom-client’s Histogram exposes for the same observations', async () => {
    const bounds = [0.005, 0.01, 0.025, 0.05, 0.1];
    const ours = new Registry();
    const theirs = new Registry();
    ours.setDefaultLabels({ process: 'api' });
    theirs.setDefaultLabels({ process: 'api' });
    const keyed = new KeyedHistogram<'route' | 'status'>('h_seconds', 'help', bounds, ours);
    const reference = new Histogram({
      name: 'h_seconds',
      help: 'help',
      labelNames: ['route', 'status'],
      buckets: bounds,
      registers: [theirs],
    });
    const observations: [string, string, number][] = [
      ['/a', '200', 0.001],
      ['/a', '200', 0.005],
      ['/a', '200', 0.0051],
      ['/b', '404', 0.2],
      ['/a', '200', 0.07],
      ['/b', '404', 0.1],
    ];
    for (const [route, status, seconds] of observations) {
      keyed.observe(`${route} ${status}`, () => ({ route, status }), seconds);
      reference.observe({ route, status }, seconds);
    }
    expect(samples(await ours.metrics())).toEqual(samples(await theirs.metrics()));
    keyed.reset();
    reference.reset();
    expect(samples(await ours.metrics())).toEqual(samples(await theirs.metrics()));
  });
});

/** Exposition lines with each line's labels in name order (their order carries no meaning). */
function samples(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/\{([^}]*)\}/, (_, labels: string) => `{${labels.split(',').sort().join(',')}}`));
}
