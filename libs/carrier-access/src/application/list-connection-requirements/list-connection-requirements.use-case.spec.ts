import { CarrierCredentialSchema } from '../../domain/carrier-connection';
import { CarrierCredentialSchemasPort } from '../ports/carrier-connection.port';
import { ListConnectionRequirementsUseCase } from './list-connection-requirements.use-case';

const ALPHA: CarrierCredentialSchema = {
  fields: {
    userName: { label_en: 'User', label_ar: 'المستخدم', charset: 'token', min_length: 3, max_length: 10, secret: false },
    apiSecret: { label_en: 'Secret', label_ar: 'السر', charset: 'text', min_length: 8, max_length: 20 },
  },
  account_number: { required: true, pattern: '^[0-9]{6}$', description_en: '6 digits' },
};
const BETA: CarrierCredentialSchema = {
  fields: { pin: { label_en: 'PIN', label_ar: 'الرمز', charset: 'digits', min_length: 4, max_length: 4 } },
};
const schemas: CarrierCredentialSchemasPort = {
  codes: () => ['alpha', 'beta'],
  schema: (code) => (code === 'alpha' ? ALPHA : BETA),
  environmentCredentials: () => ({}),
};

describe('ListConnectionRequirementsUseCase', () => {
  it('lists every carrier with its credentials by API name, secret unless declared otherwise, and its account rule', () => {
    const { carriers } = new ListConnectionRequirementsUseCase(schemas).execute();
    expect(carriers.map((c) => c.carrier)).toEqual(['alpha', 'beta']);
    expect(carriers[0].credentials).toEqual([
      { name: 'user_name', label_en: 'User', label_ar: 'المستخدم', secret: false, charset: 'token', min_length: 3, max_length: 10 },
      { name: 'api_secret', label_en: 'Secret', label_ar: 'السر', secret: true, charset: 'text', min_length: 8, max_length: 20 },
    ]);
    expect(carriers[0].account_number).toEqual({ required: true, pattern: '^[0-9]{6}$', description_en: '6 digits' });
    expect(carriers[1].account_number).toBeNull();
    expect(carriers[1].credentials[0].secret).toBe(true);
  });
});
