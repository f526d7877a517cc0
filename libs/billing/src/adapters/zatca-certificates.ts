import type { EgsIdentityInput } from '../application/einvoicing/einvoicing.ports';
import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import { der, Der, DerNode, oidText, readDer } from './der';

/**
 * Keys, certificate signing requests and certificates of e-invoicing (ZATCA security
 * features standard): ECDSA on secp256k1 with SHA-256, the CSR carrying the EGS unit's
 * identity in its subject and subjectAltName, and the certificate template extension.
 */
export const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  secp256k1: '1.3.132.0.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  userId: '0.9.2342.19200300.100.1.1',
} as const;

const SHORT_NAMES: Record<string, string> = {
  [OID.country]: 'C',
  [OID.organization]: 'O',
  [OID.organizationalUnit]: 'OU',
  [OID.commonName]: 'CN',
  [OID.surname]: 'SN',
  [OID.title]: 'title',
  [OID.registeredAddress]: 'registeredAddress',
  [OID.businessCategory]: 'businessCategory',
  [OID.userId]: 'UID',
};

export type NameAttributes = ReadonlyArray<readonly [oid: string, value: string]>;

/** The EGS unit's identity as the CSR carries it (security features standard, CSR fields). */
export type EgsIdentity = EgsIdentityInput;

/** ZATCA's certificate template names per environment. */
export const CERTIFICATE_TEMPLATES = {
  production: 'ZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  sandbox: 'TSTZATCA-Code-Signing',
} as const;

export function generateEgsKeyPair(): { privateKeyPem: string; publicKeySpki: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
    publicKeySpki: publicKey.export({ format: 'der', type: 'spki' }),
  };
}

function name(attributes: NameAttributes): Der {
  return der.sequence(
    ...attributes.map(([oid, value]) => der.set(der.sequence(der.oid(oid), oid === OID.country ? der.printable(value) : der.utf8(value)))),
  );
}

function subjectAltName(identity: EgsIdentity): Der {
  const dirName = name([
    [OID.surname, identity.serialNumber],
    [OID.userId, identity.vatNumber],
    [OID.title, identity.invoiceType],
    [OID.registeredAddress, identity.location],
    [OID.businessCategory, identity.industry],
  ]);
  // GeneralName directoryName [4] is EXPLICIT (Name is a CHOICE).
  return der.sequence(der.oid(OID.subjectAltName), der.octetString(der.sequence(der.explicit(4, dirName))));
}

function signDer(data: Buffer, privateKey: KeyObject | string): Buffer {
  return sign('sha256', data, privateKey);
}

const ECDSA_SHA256 = der.sequence(der.oid(OID.ecdsaWithSha256));

/** A PKCS#10 request, returned as ZATCA's API takes it: base64 of the PEM text. */
export function buildCsr(identity: EgsIdentity, privateKeyPem: string, environment: keyof typeof CERTIFICATE_TEMPLATES): string {
  const privateKey = createPrivateKey(privateKeyPem);
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const subject = name([
    [OID.country, 'SA'],
    [OID.organizationalUnit, identity.organizationUnit],
    [OID.organization, identity.organization],
    [OID.commonName, identity.commonName],
  ]);
  const extensions = der.sequence(
    der.sequence(der.oid(OID.certificateTemplateName), der.octetString(der.printable(CERTIFICATE_TEMPLATES[environment]))),
    subjectAltName(identity),
  );
  const attributes = der.implicitConstructed(0, der.sequence(der.oid(OID.extensionRequest), der.set(extensions)));
  const info = der.sequence(der.integer(0), subject, spki, attributes);
  const csr = der.sequence(info, ECDSA_SHA256, der.bitString(signDer(info, privateKey)));
  const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${csr.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END CERTIFICATE REQUEST-----\n`;
  return Buffer.from(pem).toString('base64');
}

export interface ParsedCsr {
  readonly subject: NameAttributes;
  readonly publicKeySpki: Buffer;
  readonly templateName?: string;
  /** The subjectAltName directory name's attributes. */
  readonly alternativeName: NameAttributes;
  readonly signatureValid: boolean;
}

function nameAttributes(node: DerNode): [string, string][] {
  return node.children.flatMap((rdn) =>
    rdn.children.map((atv) => [oidText(atv.children[0].content), atv.children[1].content.toString('utf8')] as [string, string]),
  );
}

/** Reads a CSR given as ZATCA's API takes it (base64 of PEM) or as PEM; throws on malformed input. */
export function parseCsr(encoded: string): ParsedCsr {
  const pem = encoded.includes('BEGIN CERTIFICATE REQUEST') ? encoded : Buffer.from(encoded, 'base64').toString('utf8');
  const body = /-----BEGIN CERTIFICATE REQUEST-----([\s\S]+?)-----END CERTIFICATE REQUEST-----/.exec(pem);
  if (!body) throw new RangeError('not a PEM certificate request');
  const root = readDer(Buffer.from(body[1].replace(/\s+/g, ''), 'base64'));
  const [info, , signature] = root.children;
  const [, subject, spki, attributes] = info.children;
  let templateName: string | undefined;
  let alternativeName: NameAttributes = [];
  for (const attribute of attributes?.children ?? []) {
    if (oidText(attribute.children[0].content) !== OID.extensionRequest) continue;
    for (const extension of attribute.children[1].children[0].children) {
      const oid = oidText(extension.children[0].content);
      const value = readDer(extension.children[extension.children.length - 1].content);
      if (oid === OID.certificateTemplateName) templateName = value.content.toString('utf8');
      if (oid === OID.subjectAltName) alternativeName = nameAttributes(value.children[0].children[0]);
    }
  }
  const publicKey = createPublicKey({ key: spki.raw, format: 'der', type: 'spki' });
  const signatureValid = verify('sha256', info.raw, publicKey, signature.content.subarray(1));
  return { subject: nameAttributes(subject), publicKeySpki: Buffer.from(spki.raw), templateName, alternativeName, signatureValid };
}

export interface CertificateRequest {
  readonly serialNumber: bigint;
  readonly issuer: NameAttributes;
  readonly issuerPrivateKeyPem: string;
  readonly subject: NameAttributes;
  readonly subjectPublicKeySpki: Buffer;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly alternativeName?: NameAttributes;
  readonly ca?: boolean;
}

/** An X.509 v3 certificate (DER) signed with ECDSA-SHA256 by the issuer's key. */
export function issueCertificate(request: CertificateRequest): Buffer {
  const extensions: Der[] = [];
  if (request.ca) {
    extensions.push(der.sequence(der.oid(OID.basicConstraints), der.boolean(true), der.octetString(der.sequence(der.boolean(true)))));
  } else {
    // digitalSignature only.
    extensions.push(der.sequence(der.oid(OID.keyUsage), der.boolean(true), der.octetString(Buffer.from([0x03, 0x02, 0x07, 0x80]))));
  }
  if (request.alternativeName?.length) {
    const dirName = name(request.alternativeName);
    extensions.push(der.sequence(der.oid(OID.subjectAltName), der.octetString(der.sequence(der.explicit(4, dirName)))));
  }
  const tbs = der.sequence(
    der.explicit(0, der.integer(2)),
    der.integer(request.serialNumber),
    ECDSA_SHA256,
    name(request.issuer),
    der.sequence(der.utcTime(request.notBefore), der.utcTime(request.notAfter)),
    name(request.subject),
    request.subjectPublicKeySpki,
    der.explicit(3, der.sequence(...extensions)),
  );
  return der.sequence(tbs, ECDSA_SHA256, der.bitString(signDer(tbs, createPrivateKey(request.issuerPrivateKeyPem))));
}

export interface CertificateFacts {
  /** RFC 4514 text, most specific first, as XAdES IssuerSerial shows it. */
  readonly issuerName: string;
  readonly serialNumber: string;
  readonly publicKeySpki: Buffer;
  /** The CA's ECDSA signature over the certificate (QR tag 9). */
  readonly signature: Buffer;
  readonly x509: X509Certificate;
}

export function certificateFacts(certificateDer: Buffer): CertificateFacts {
  const root = readDer(certificateDer);
  const [tbs, , signature] = root.children;
  const issuer = nameAttributes(tbs.children[3]);
  const x509 = new X509Certificate(certificateDer);
  return {
    issuerName: [...issuer]
      .reverse()
      .map(([oid, value]) => `${SHORT_NAMES[oid] ?? oid}=${value}`)
      .join(', '),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    publicKeySpki: x509.publicKey.export({ format: 'der', type: 'spki' }),
    signature: Buffer.from(signature.content.subarray(1)),
    x509,
  };
}

export function nameValue(attributes: NameAttributes, oid: string): string | undefined {
  return attributes.find(([o]) => o === oid)?.[1];
}
