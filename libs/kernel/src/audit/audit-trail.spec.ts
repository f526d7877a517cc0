import { createHash, randomUUID } from 'node:crypto';
import { AUDIT_GENESIS_HASH, auditEventHash, AuditEventRecord, auditLinkHash, canonicalJson } from './audit-trail';

/** The chain's definition: SHA-256 over the previous hash, a line feed and the canonical JSON of the fields. */
function definitionHash(prevHash: string, e: AuditEventRecord): string {
  const body = canonicalJson([
    e.id,
    e.teamId,
    String(e.seq),
    e.at.toISOString(),
    e.actorType,
    e.actorId,
    e.actorName,
    e.action,
    e.targetType,
    e.targetId,
    e.ip,
    e.requestId,
    e.changes ?? {},
  ]);
  return createHash('sha256').update(prevHash).update('\n').update(body).digest('hex');
}

const event = (over: Partial<AuditEventRecord> = {}): AuditEventRecord => ({
  id: randomUUID(),
  teamId: randomUUID(),
  seq: 7,
  at: new Date('2026-11-27T10:00:00.123Z'),
  actorType: 'api_key',
  actorId: 'key-1',
  actorName: 'مستودع "الرياض"\n\u2028',
  action: 'webhook_endpoint.updated',
  targetType: 'webhook_endpoint',
  targetId: null,
  ip: '2001:db8::1',
  requestId: null,
  changes: {
    url: { to: 'https://x.example/h?a=1&b=\u0000', from: null },
    events: ['b', 'a'],
    nested: { z: 1, a: [true, { y: null, b: 2.5 }] },
  },
  ...over,
});

describe('auditEventHash', () => {
  it('is the definition: the canonical JSON of every field, whatever the text and the shape of the changes', () => {
    for (const e of [event(), event({ actorId: null, actorName: null, ip: null, changes: {} }), event({ changes: undefined as never })]) {
      expect(auditEventHash(AUDIT_GENESIS_HASH, e)).toBe(definitionHash(AUDIT_GENESIS_HASH, e));
    }
  });

  it('changes with any stored field and with the previous hash', () => {
    const e = event();
    const h = auditEventHash(AUDIT_GENESIS_HASH, e);
    expect(auditEventHash('1'.repeat(64), e)).not.toBe(h);
    expect(auditEventHash(AUDIT_GENESIS_HASH, { ...e, seq: 8 })).not.toBe(h);
    expect(auditEventHash(AUDIT_GENESIS_HASH, { ...e, changes: { ...(e.changes as object), extra: 1 } })).not.toBe(h);
  });
});

describe('auditLinkHash', () => {
  it('is the same definition over the stored text (changes as jsonb writes them: other key order and spacing)', () => {
    const e = event();
    const link = {
      fields: [
        e.id,
        e.teamId,
        '7',
        '2026-11-27T10:00:00.123Z',
        e.actorType,
        e.actorId,
        e.actorName,
        e.action,
        e.targetType,
        null,
        e.ip,
        null,
      ],
      changesJson:
        '{"url": {"to": "https://x.example/h?a=1&b=\\u0000", "from": null}, "events": ["b", "a"], "nested": {"a": [true, {"b": 2.5, "y": null}], "z": 1}}',
      prevHash: AUDIT_GENESIS_HASH,
      hash: '',
    };
    expect(auditLinkHash(AUDIT_GENESIS_HASH, link)).toBe(definitionHash(AUDIT_GENESIS_HASH, e));
    expect(
      auditLinkHash(AUDIT_GENESIS_HASH, { ...link, fields: link.fields.map((f, i) => (i === 3 ? '2026-11-27T10:00:00.124Z' : f)) }),
    ).not.toBe(definitionHash(AUDIT_GENESIS_HASH, e));
  });
});
