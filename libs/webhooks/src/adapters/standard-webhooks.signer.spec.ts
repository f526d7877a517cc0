import { Webhook } from 'standardwebhooks';
import { AesGcmSecretCipher } from '@lgw/platform';
import { StandardWebhooksSigner } from './standard-webhooks.signer';

describe('StandardWebhooksSigner', () => {
  const signer = new StandardWebhooksSigner();

  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = signer.newSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(signer.newSecret()).not.toBe(a);
  });

  it('signs so that the standardwebhooks library verifies, with either secret during a rotation', () => {
    const [oldSecret, newSecret] = [signer.newSecret(), signer.newSecret()];
    const body = JSON.stringify({ type: 'shipment.created', timestamp: new Date().toISOString(), data: {} });
    const ts = Math.floor(Date.now() / 1000);
    const signature = signer.sign([newSecret, oldSecret], 'msg_1', ts, body);
    expect(signature.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts), 'webhook-signature': signature };
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(signer.newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(newSecret).verify(`${body} `, headers)).toThrow();
  });
});

describe('AesGcmSecretCipher', () => {
  it('round-trips, never stores the plaintext, and refuses another key', () => {
    const cipher = new AesGcmSecretCipher(Buffer.alloc(32, 7));
    const secret = new StandardWebhooksSigner().newSecret();
    const stored = cipher.encrypt(secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(cipher.encrypt(secret)).not.toBe(stored);
    expect(cipher.decrypt(stored)).toBe(secret);
    expect(() => new AesGcmSecretCipher(Buffer.alloc(32, 8)).decrypt(stored)).toThrow();
  });
});
