import { ValidationError } from '@lgw/kernel';
import {
  CarrierCredentialSchema,
  credentialApiName,
  credentialsHint,
  isSecretCredential,
  sampleCredential,
  validateConnectionCredentials,
} from './carrier-connection';

const SCHEMA: CarrierCredentialSchema = {
  fields: {
    username: { label_en: 'User name', label_ar: 'اسم المستخدم', charset: 'token', min_length: 3, max_length: 10 },
    password: { label_en: 'Password', label_ar: 'كلمة المرور', charset: 'text', min_length: 8, max_length: 20 },
    pinCode: { label_en: 'PIN', label_ar: 'الرمز', charset: 'digits', min_length: 4, max_length: 4 },
  },
  account_number: { required: false, pattern: '^[A-Z]{2}\\d{4}$', description_en: 'two letters and four digits' },
};

function problems(credentials: unknown, accountNumber?: unknown): Array<{ field: string; reason: string; reason_ar?: string }> {
  try {
    validateConnectionCredentials(SCHEMA, credentials, accountNumber);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details!.errors as never;
  }
  throw new Error('accepted');
}

describe('carrier connection credentials', () => {
  const valid = { username: 'merchant', password: 'pass word!', pin_code: '1234' };

  it('names credentials in the API as snake_case settings', () => {
    expect(credentialApiName('apiToken')).toBe('api_token');
    expect(credentialApiName('username')).toBe('username');
    expect(credentialApiName('pinCode')).toBe('pin_code');
  });

  it('accepts what the schema declares, keyed back by setting name', () => {
    expect(validateConnectionCredentials(SCHEMA, valid, 'AB1234')).toEqual({
      credentials: { username: 'merchant', password: 'pass word!', pinCode: '1234' },
      accountNumber: 'AB1234',
    });
    expect(validateConnectionCredentials(SCHEMA, valid).accountNumber).toBeNull();
  });

  it('lists every problem with its field and a reason in both languages', () => {
    const found = problems({ username: 'x', password: 42, pin_code: '12a4', token: 'extra' }, 'nope');
    expect(found.map((p) => p.field)).toEqual([
      'credentials.username',
      'credentials.password',
      'credentials.pin_code',
      'credentials.token',
      'account_number',
    ]);
    expect(found[0].reason).toMatch(/3 to 10 characters/);
    expect(found[1].reason).toMatch(/string/);
    expect(found[2].reason).toMatch(/digits/);
    expect(found[3].reason).toMatch(/not a credential/);
    for (const problem of found) expect(problem.reason_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('requires each declared credential, and an object of them', () => {
    expect(problems({}).map((p) => [p.field, p.reason])).toEqual([
      ['credentials.username', 'is required (User name)'],
      ['credentials.password', 'is required (Password)'],
      ['credentials.pin_code', 'is required (PIN)'],
    ]);
    for (const bad of [undefined, null, 'token', ['a']]) {
      expect(() => validateConnectionCredentials(SCHEMA, bad)).toThrow(ValidationError);
    }
    expect(problems({ ...valid, username: 'bad name' })[0].reason).toMatch(/letters, digits/);
    expect(problems({ ...valid, password: 'tab\there!' })[0].field).toBe('credentials.password');
  });

  it('refuses an account number a carrier does not use, and requires one it must have', () => {
    const noAccounts: CarrierCredentialSchema = { fields: { apiKey: SCHEMA.fields.username } };
    expect(() => validateConnectionCredentials(noAccounts, { api_key: 'abcd' }, 'AB1234')).toThrow(ValidationError);
    const required: CarrierCredentialSchema = { ...SCHEMA, account_number: { ...SCHEMA.account_number!, required: true } };
    expect(() => validateConnectionCredentials(required, valid)).toThrow(ValidationError);
  });

  it('hints at credentials without giving them away', () => {
    const hint = credentialsHint({ apiToken: 'tok_1234567890abcdef', pin: '1234' });
    expect(hint).toBe('api_token ••••cdef, pin ••••');
    expect(hint).not.toContain('1234567890');
  });

  it('generates values each field accepts (sandbox accounts, tests of any carrier)', () => {
    for (const field of Object.values(SCHEMA.fields)) {
      const value = sampleCredential(field);
      const name = Object.entries(SCHEMA.fields).find(([, f]) => f === field)![0];
      expect(() => validateConnectionCredentials({ fields: { [name]: field } }, { [credentialApiName(name)]: value })).not.toThrow();
    }
    expect(sampleCredential(SCHEMA.fields.username)).not.toBe(sampleCredential(SCHEMA.fields.username));
  });

  it('treats every credential as a secret unless the carrier declares it is not', () => {
    expect(isSecretCredential(SCHEMA.fields.password)).toBe(true);
    expect(isSecretCredential({ ...SCHEMA.fields.username, secret: false })).toBe(false);
    expect(isSecretCredential({ ...SCHEMA.fields.password, secret: true })).toBe(true);
  });
});
