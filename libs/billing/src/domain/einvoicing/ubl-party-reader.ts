import { EinvoiceAddress, EinvoiceParty } from './ubl-invoice';

/**
 * A party as a signed document names it, read back from the XML (ours, or the copy ZATCA
 * cleared: any namespace prefix), so a printed copy shows the buyer the document was issued
 * to, not whatever the profile says today.
 */
export function readUblParty(xml: string, role: 'AccountingSupplierParty' | 'AccountingCustomerParty'): EinvoiceParty | undefined {
  const block = element(xml, role);
  if (block === undefined) return undefined;
  const nameEn = value(element(block, 'PartyName') ?? '', 'Name');
  const nameAr = value(element(block, 'PartyLegalEntity') ?? '', 'RegistrationName');
  if (nameEn === undefined && nameAr === undefined) return undefined;
  const postal = element(block, 'PostalAddress');
  const address: EinvoiceAddress | undefined = postal
    ? {
        street: value(postal, 'StreetName') ?? '',
        building_number: value(postal, 'BuildingNumber') ?? '',
        additional_number: value(postal, 'PlotIdentification'),
        district: value(postal, 'CitySubdivisionName') ?? '',
        city: value(postal, 'CityName') ?? '',
        postal_code: value(postal, 'PostalZone') ?? '',
        country: value(element(postal, 'Country') ?? '', 'IdentificationCode') ?? '',
      }
    : undefined;
  return {
    legalNameEn: nameEn ?? nameAr!,
    legalNameAr: nameAr ?? nameEn!,
    vatNumber: value(element(block, 'PartyTaxScheme') ?? '', 'CompanyID'),
    address,
  };
}

function element(xml: string, name: string): string | undefined {
  const match = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`).exec(xml);
  return match?.[1];
}

function value(xml: string, name: string): string | undefined {
  const text = element(xml, name);
  return text === undefined || /</.test(text) ? undefined : decodeXmlText(text);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) =>
    ref[0] === '#' ? String.fromCodePoint(ref[1].toLowerCase() === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : NAMED[ref],
  );
}
