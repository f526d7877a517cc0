import type { AuditEntry, AuditSource } from '@lgw/kernel';
import { EinvoiceAddress, EinvoiceKind, EinvoiceParty, EinvoiceProfile, UnsignedEinvoice } from '../../domain/einvoicing/ubl-invoice';

/** A document's place with ZATCA (DESIGN §6). OPEN is a period not yet issued, never stored. */
export type EinvoiceStatus = 'PENDING_CLEARANCE' | 'CLEARED' | 'REPORTED' | 'REJECTED';

/** A team as a buyer: who the invoices are made out to. */
export interface BillingProfile {
  readonly teamId: string;
  readonly legalNameAr: string;
  readonly legalNameEn: string;
  /** Present: VAT-registered, standard (B2B) tax invoices cleared by ZATCA; absent: simplified, reported. */
  readonly vatNumber?: string;
  readonly address: EinvoiceAddress;
}

/** The seller (the operator) and the identity its EGS unit is registered under. */
export interface EinvoiceSeller extends EinvoiceParty {
  readonly vatNumber: string;
  /** The commercial registration number (10 digits); unset in the developer sandbox only. */
  readonly crNumber?: string;
  readonly address: EinvoiceAddress;
  readonly branch: string;
  readonly industry: string;
  /** The Fatoora environment: sandbox, simulation or production (certificate template). */
  readonly environment: 'sandbox' | 'simulation' | 'production';
}

/** A ledger line not on any e-invoice yet. */
export interface UninvoicedLine {
  readonly id: string;
  readonly shipmentId: string;
  readonly trackingNumber: string;
  readonly cause: string;
  readonly amountHalalas: number;
  readonly descriptionEn: string;
  readonly descriptionAr: string;
  readonly periodStart: string;
  /** A cancellation credit whose shipment line is already on an issued invoice: that document. */
  readonly creditedDocument?: { readonly id: string; readonly number: string };
}

/** A document composed and stamped within the issuing transaction. */
export interface StampedDocumentDraft {
  readonly id: string;
  readonly kind: EinvoiceKind;
  readonly profile: EinvoiceProfile;
  readonly number: string;
  readonly uuid: string;
  readonly icv: number;
  readonly previousInvoiceHash: string;
  readonly invoiceHash: string;
  readonly xml: string;
  readonly qr: string;
  readonly netHalalas: number;
  readonly vatHalalas: number;
  readonly grossHalalas: number;
  readonly periodStart: string;
  readonly billingReferenceId?: string;
  /** The ledger lines this document settles (on it, or netted out on it). */
  readonly lineIds: readonly string[];
  readonly lineCount: number;
}

export interface ValidationMessage {
  readonly type: string;
  readonly code: string;
  readonly category: string;
  readonly message: string;
  readonly status: string;
}

/** A stored document: what was stamped, less the lines it settles, plus its place with ZATCA. */
export interface EinvoiceDocument extends Omit<StampedDocumentDraft, 'lineIds'> {
  readonly teamId: string;
  /** Of netHalalas, the lines that are not shipments or credits (COD fees, weight adjustments, return fees). */
  readonly surchargesHalalas: number;
  readonly egsId: string;
  readonly status: EinvoiceStatus;
  readonly validation: { readonly errors: readonly ValidationMessage[]; readonly warnings: readonly ValidationMessage[] };
  readonly attempts: number;
  readonly issuedAt: Date;
  readonly updatedAt: Date;
}

/** A ledger line a document settles: listed on it, or netted out on it (see linesOnDocument). */
export interface DocumentLine {
  readonly shipmentId: string;
  readonly cause: string;
  readonly trackingNumber: string;
  readonly descriptionEn: string;
  readonly descriptionAr: string;
  readonly amountHalalas: number;
  readonly vatHalalas: number;
}

/** An EGS unit (the gateway's e-invoicing device) with its secrets decrypted for use. */
export interface EgsUnit {
  readonly id: string;
  readonly commonName: string;
  readonly privateKeyPem: string;
  readonly certificateDer: Buffer;
  readonly token: string;
  readonly secret: string;
}

/** Stored EGS unit: secrets encrypted (the webhook secret cipher). */
export interface StoredEgsUnit {
  readonly id: string;
  readonly commonName: string;
  readonly privateKeyEncrypted: string;
  readonly certificate: string;
  readonly productionToken: string;
  readonly productionSecretEncrypted: string;
  readonly complianceRequestId: string;
}

export interface ChainHead {
  readonly lastIcv: number;
  readonly lastInvoiceHash: string;
}

export interface EinvoiceStorePort {
  /** With its audit event, in one transaction. */
  saveProfile(profile: BillingProfile, audit?: AuditEntry): Promise<void>;
  profile(teamId: string): Promise<BillingProfile | undefined>;
  teamName(teamId: string): Promise<string | undefined>;
  /** Teams with lines on no e-invoice, dated in a period starting before `before` (YYYY-MM-DD) when given. */
  teamsToInvoice(before?: string): Promise<string[]>;
  /**
   * One transaction: locks the EGS unit's chain head, reads the team's uninvoiced lines, lets
   * `compose` build and stamp documents numbered from the head, stores them, claims their
   * lines and moves the head. Two issuers at once wait for each other: the counter never
   * skips or forks (unique (egs, icv) and (egs, previous hash) stand behind the lock).
   */
  issue(
    teamId: string,
    egsId: string,
    before: string | undefined,
    compose: (lines: readonly UninvoicedLine[], head: ChainHead) => StampedDocumentDraft[],
    /** Who issues: each document's audit event is written in the same transaction. */
    source?: AuditSource,
  ): Promise<EinvoiceDocument[]>;
  /** Records ZATCA's answer; a rejection also frees the document's lines for the next issue. */
  recordOutcome(
    id: string,
    status: EinvoiceStatus,
    validation: EinvoiceDocument['validation'],
    clearedXml?: string,
  ): Promise<EinvoiceDocument>;
  countAttempt(id: string): Promise<void>;
  pending(limit: number): Promise<EinvoiceDocument[]>;
  /** The team's documents, newest first; REJECTED ones are the operator's, not the team's. */
  list(teamId: string, limit: number, offset: number): Promise<{ items: EinvoiceDocument[]; total: number }>;
  find(id: string): Promise<EinvoiceDocument | undefined>;
  /** The ledger lines a document settles (listed or netted out), in the order they occurred. */
  documentLines(id: string): Promise<DocumentLine[]>;
  activeEgs(): Promise<StoredEgsUnit | undefined>;
  saveEgs(unit: StoredEgsUnit): Promise<void>;
}

export interface FatooraCredentials {
  readonly token: string;
  readonly secret: string;
}

export interface FatooraCsid extends FatooraCredentials {
  readonly requestId: string;
}

export interface FatooraSubmission {
  readonly invoiceHash: string;
  readonly uuid: string;
  /** base64 of the XML. */
  readonly invoice: string;
}

export type FatooraOutcome =
  | {
      readonly kind: 'accepted';
      readonly status: 'CLEARED' | 'REPORTED';
      readonly clearedInvoice?: string;
      readonly warnings: readonly ValidationMessage[];
    }
  | { readonly kind: 'rejected'; readonly errors: readonly ValidationMessage[]; readonly warnings: readonly ValidationMessage[] }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** ZATCA's Fatoora API (the developer portal's routes). */
export interface FatooraPort {
  /** The API's base URL as it may be shown (no user info, no query): named when onboarding fails. */
  readonly endpoint: string;
  complianceCsid(csr: string, otp: string): Promise<FatooraCsid>;
  complianceCheck(credentials: FatooraCredentials, submission: FatooraSubmission): Promise<FatooraOutcome>;
  productionCsid(credentials: FatooraCredentials, complianceRequestId: string): Promise<FatooraCsid>;
  clear(credentials: FatooraCredentials, submission: FatooraSubmission): Promise<FatooraOutcome>;
  report(credentials: FatooraCredentials, submission: FatooraSubmission): Promise<FatooraOutcome>;
}

export interface EgsIdentityInput {
  readonly commonName: string;
  readonly serialNumber: string;
  readonly vatNumber: string;
  readonly organizationUnit: string;
  readonly organization: string;
  readonly invoiceType: string;
  readonly location: string;
  readonly industry: string;
}

/** Keys, CSR and the cryptographic stamp (security features standard). */
export interface EinvoiceCryptoPort {
  generateKeyPair(): { privateKeyPem: string };
  buildCsr(identity: EgsIdentityInput, privateKeyPem: string, environment: EinvoiceSeller['environment']): string;
  stamp(
    unsigned: UnsignedEinvoice,
    credentials: { privateKeyPem: string; certificateDer: Buffer },
    seller: EinvoiceParty,
    at: Date,
  ): { xml: string; invoiceHash: string; qr: string };
}

export const EINVOICE_STORE = Symbol('EINVOICE_STORE');
export const FATOORA = Symbol('FATOORA');
export const EINVOICE_CRYPTO = Symbol('EINVOICE_CRYPTO');
export const EINVOICE_SELLER = Symbol('EINVOICE_SELLER');
