import { maskEmail, maskPhone, maskRecipient } from './masking';

describe('masking', () => {
  it('keeps the country code and the last three digits of a phone', () => {
    expect(maskPhone('966512345678')).toBe('9665*****678');
    expect(maskPhone('971501234567')).toBe('9715*****567');
    expect(maskPhone('12345')).toBe('*****');
  });

  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskEmail('sara.buyer@example.com')).toBe('s***@example.com');
    expect(maskEmail('nobody')).toBe('***');
    expect(maskRecipient('email', 'a@b.sa')).toBe('a***@b.sa');
    expect(maskRecipient('sms', '966598765432')).not.toContain('987654');
  });
});
