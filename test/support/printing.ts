import { eventually } from './eventually';
import { TestApp, TestTeam } from './test-app';

/** A GET under /api/v1 read as bytes (labels, merged files, manifests). */
export async function getBytes(t: TestApp, path: string, key: string): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await fetch(`${t.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

/** Waits for the label job to have rendered the shipment's label. */
export function labelRendered(t: TestApp, team: TestTeam, id: string): Promise<true> {
  return eventually('label rendered', async () => {
    const res = await t.api(`/shipments/${id}`, { key: team.apiKey });
    return res.body.status === 'LABEL_GENERATED' ? true : undefined;
  });
}
