import { maskWebhookSecret, parseWebhookEvents, parseWebhookUrl } from './webhook-endpoint-rules';

describe('webhook endpoint rules', () => {
  it.each([
    [undefined, 'is required'],
    ['', 'is required'],
    ['merchant.example/hook', 'must be a valid absolute URL'],
    ['http://merchant.example/hook', 'must use https'],
    ['ftp://merchant.example/hook', 'must use https'],
    ['https://a:b@merchant.example/hook', 'must not contain credentials'],
    ['https://merchant.example/hook#x', 'must not contain a fragment'],
    [`https://merchant.example/${'a'.repeat(2100)}`, 'must be at most 2048 characters'],
  ])('refuses url %p: %s', (url, reason) => {
    expect(parseWebhookUrl(url)).toMatchObject({ ok: false, field: 'url', reason, reason_ar: expect.any(String) });
  });

  it('accepts an https URL with port, path and query', () => {
    const parsed = parseWebhookUrl('https://merchant.example:8443/hooks?x=1');
    expect(parsed.ok && parsed.value.href).toBe('https://merchant.example:8443/hooks?x=1');
  });

  it('defaults to all four kinds and refuses unknown, duplicate or empty lists', () => {
    expect(parseWebhookEvents(undefined)).toEqual({
      ok: true,
      value: ['shipment.created', 'shipment.status_updated', 'shipment.delivered', 'shipment.exception'],
    });
    expect(parseWebhookEvents(['shipment.delivered'])).toEqual({ ok: true, value: ['shipment.delivered'] });
    expect(parseWebhookEvents([])).toMatchObject({ ok: false, field: 'events' });
    expect(parseWebhookEvents(['webhook.test'])).toMatchObject({ ok: false, field: 'events.0' });
    expect(parseWebhookEvents(['shipment.delivered', 'shipment.delivered'])).toMatchObject({ ok: false, field: 'events.1' });
  });

  it('masks a secret to its last four characters', () => {
    expect(maskWebhookSecret('whsec_abcdefgh1234')).toBe('whsec_…1234');
  });
});
