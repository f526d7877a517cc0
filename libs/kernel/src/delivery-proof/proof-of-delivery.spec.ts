import { proofOfDeliveryFrom, receiverFirstName } from './proof-of-delivery';

const AT = new Date('2026-11-27T09:30:00Z');

describe('proofOfDeliveryFrom', () => {
  it('keeps the method, the trimmed name and an https photo link, at the delivery time', () => {
    expect(proofOfDeliveryFrom({ method: 'SIGNATURE', receivedBy: '  Sara   Ali ', photoUrl: 'https://pod.example/p/1.jpg' }, AT)).toEqual({
      method: 'SIGNATURE',
      receivedBy: 'Sara Ali',
      photoUrl: 'https://pod.example/p/1.jpg',
      at: AT,
    });
  });

  it('takes a photo link without a method as PHOTO, and a name alone as NONE', () => {
    expect(proofOfDeliveryFrom({ photoUrl: 'https://pod.example/p/2.jpg' }, AT)?.method).toBe('PHOTO');
    expect(proofOfDeliveryFrom({ receivedBy: 'محمد' }, AT)).toEqual({ method: 'NONE', receivedBy: 'محمد', photoUrl: null, at: AT });
  });

  it('drops a link that is not https, and placeholders and control characters in names', () => {
    expect(proofOfDeliveryFrom({ method: 'PHOTO', photoUrl: 'http://pod.example/p.jpg' }, AT)?.photoUrl).toBeNull();
    expect(proofOfDeliveryFrom({ method: 'OTP', photoUrl: 'javascript:alert(1)' }, AT)?.photoUrl).toBeNull();
    expect(proofOfDeliveryFrom({ method: 'OTP', receivedBy: 'N/A' }, AT)?.receivedBy).toBeNull();
    expect(proofOfDeliveryFrom({ method: 'OTP', receivedBy: 'Sara\u0000\nAli' }, AT)?.receivedBy).toBe('Sara Ali');
  });

  it('is undefined when the scan says nothing of a proof', () => {
    expect(proofOfDeliveryFrom(undefined, AT)).toBeUndefined();
    expect(proofOfDeliveryFrom({}, AT)).toBeUndefined();
    expect(proofOfDeliveryFrom({ receivedBy: ' ', photoUrl: 'ftp://x' }, AT)).toBeUndefined();
  });
});

describe('receiverFirstName', () => {
  it('is the first word of the name, Arabic or Latin', () => {
    expect(receiverFirstName('Sara Ali Hassan')).toBe('Sara');
    expect(receiverFirstName('محمد عبدالله')).toBe('محمد');
  });

  it('is null without a name, and for a phone or an id typed into the name', () => {
    expect(receiverFirstName(null)).toBeNull();
    expect(receiverFirstName('  ')).toBeNull();
    expect(receiverFirstName('966512345678')).toBeNull();
    expect(receiverFirstName('+966 51 234 5678')).toBeNull();
    expect(receiverFirstName('٠٥١٢٣٤٥٦٧٨ محمد')).toBeNull();
  });
});
