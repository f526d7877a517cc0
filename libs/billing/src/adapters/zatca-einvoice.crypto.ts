import type { EgsIdentityInput, EinvoiceCryptoPort, EinvoiceSeller } from '../application/einvoicing/einvoicing.ports';
import type { EinvoiceParty, UnsignedEinvoice } from '../domain/einvoicing/ubl-invoice';
import { stampEinvoice } from './einvoice-stamper';
import { buildCsr, generateEgsKeyPair } from './zatca-certificates';

/** The e-invoicing crypto port on node's crypto (secp256k1) and the DER helpers here. */
export class ZatcaEinvoiceCrypto implements EinvoiceCryptoPort {
  generateKeyPair(): { privateKeyPem: string } {
    return { privateKeyPem: generateEgsKeyPair().privateKeyPem };
  }

  buildCsr(identity: EgsIdentityInput, privateKeyPem: string, environment: EinvoiceSeller['environment']): string {
    return buildCsr(identity, privateKeyPem, environment);
  }

  stamp(unsigned: UnsignedEinvoice, credentials: { privateKeyPem: string; certificateDer: Buffer }, seller: EinvoiceParty, at: Date) {
    return stampEinvoice(unsigned, credentials, seller, at);
  }
}
