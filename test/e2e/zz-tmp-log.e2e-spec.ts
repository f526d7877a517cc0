import { bootTestApp } from '../support/test-app';
it('logs', async () => {
  const t = await bootTestApp({ env: { LOG_LEVEL: 'info' } });
  const team = await t.createTeam('x');
  await t.api('/carriers/sahm/passthrough', { method: 'POST', key: team.apiKey, body: { secret_name: 'محمد' } });
  await t.sandbox('PUT', '/sandbox/v1/carriers/bahr/fault', { mode: 'down' });
  await t.api('/carriers/bahr/passthrough', { method: 'POST', key: team.apiKey, body: { secret_name: 'محمد' } });
  await t.close();
});
