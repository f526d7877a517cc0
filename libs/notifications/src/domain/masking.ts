/**
 * A recipient's address as the notification log shows it: enough to recognise, not to reuse.
 * A phone keeps its country code's first digits and its last 3 (9665*****678); an e-mail its
 * first letter and its domain (s***@example.com).
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 6) return '*'.repeat(digits.length);
  const head = digits.slice(0, 4);
  const tail = digits.slice(-3);
  return `${head}${'*'.repeat(digits.length - head.length - tail.length)}${tail}`;
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function maskRecipient(channel: 'sms' | 'email', address: string): string {
  return channel === 'sms' ? maskPhone(address) : maskEmail(address);
}
