import { buildUnsignedEinvoice } from './ubl-invoice';
import { readUblParty } from './ubl-party-reader';

const address = {
  street: 'Prince Sultan St & Co',
  building_number: '1234',
  district: 'Al Rawdah',
  city: 'Jeddah',
  postal_code: '23433',
  country: 'SA',
};

describe('readUblParty', () => {
  const { hashInput } = buildUnsignedEinvoice({
    kind: 'invoice',
    profile: 'standard',
    number: 'EGS-1-00000001',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issueDate: '2026-11-26',
    issueTime: '12:00:00',
    supplyDate: '2026-11-26',
    icv: 1,
    previousInvoiceHash: 'x',
    seller: { legalNameEn: 'Seller Co.', legalNameAr: 'شركة البائع', vatNumber: '300000000000003', crNumber: '1010123456', address },
    buyer: { legalNameEn: 'Buyer <B2B> Co.', legalNameAr: 'شركة المشتري', vatNumber: '311111111100003', address },
    lines: [{ descriptionEn: 'Shipment', descriptionAr: 'شحنة', netHalalas: 1000 }],
  });

  it('reads the buyer and the seller back from the document, text unescaped', () => {
    expect(readUblParty(hashInput, 'AccountingCustomerParty')).toEqual({
      legalNameEn: 'Buyer <B2B> Co.',
      legalNameAr: 'شركة المشتري',
      vatNumber: '311111111100003',
      address: { ...address, additional_number: undefined },
    });
    expect(readUblParty(hashInput, 'AccountingSupplierParty')?.legalNameEn).toBe('Seller Co.');
  });

  it('reads any namespace prefix, and answers undefined for a document without the party', () => {
    const prefixed = hashInput.replace(/<(\/?)cac:/g, '<$1a:').replace(/<(\/?)cbc:/g, '<$1b:');
    expect(readUblParty(prefixed, 'AccountingCustomerParty')?.vatNumber).toBe('311111111100003');
    expect(readUblParty('<Invoice></Invoice>', 'AccountingCustomerParty')).toBeUndefined();
  });
});
