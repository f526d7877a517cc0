import type {
  FatooraCredentials,
  FatooraCsid,
  FatooraOutcome,
  FatooraPort,
  FatooraSubmission,
  ValidationMessage,
} from '../application/einvoicing/einvoicing.ports';

export interface FatooraClientOptions {
  /** e.g. https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal, or the sandbox's simulator. */
  readonly baseUrl: string;
  readonly timeoutMs?: number;
}

interface FatooraJson {
  requestID?: number | string;
  dispositionMessage?: string;
  binarySecurityToken?: string;
  secret?: string;
  errors?: unknown;
  validationResults?: {
    infoMessages?: ValidationMessage[];
    warningMessages?: ValidationMessage[];
    errorMessages?: ValidationMessage[];
    status?: string;
  };
  clearanceStatus?: string;
  reportingStatus?: string;
  clearedInvoice?: string;
}

/** Refusals of the onboarding calls (OTP, CSR), and calls that got no answer: the operator reads them. */
export class FatooraRequestError extends Error {
  /** The URL called, without user info or query (where a secret could sit). */
  constructor(
    message: string,
    readonly url?: string,
  ) {
    super(message);
  }
}

/** A URL as it may be shown: no user info, no query, no fragment. */
export function displayedUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** Why a call got no answer, in words that cannot carry the URL's secrets (a connection error code, a timeout). */
function unanswered(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer within the timeout';
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? `request failed (${code})` : 'request failed';
}

/** The Fatoora API over HTTP (Accept-Version V2, Basic authentication with a CSID). */
export class FatooraHttpClient implements FatooraPort {
  private readonly timeoutMs: number;

  constructor(private readonly options: FatooraClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  get endpoint(): string {
    return displayedUrl(this.options.baseUrl);
  }

  async complianceCsid(csr: string, otp: string): Promise<FatooraCsid> {
    return this.csid(await this.call('/compliance', { csr }, { OTP: otp }));
  }

  async productionCsid(credentials: FatooraCredentials, complianceRequestId: string): Promise<FatooraCsid> {
    return this.csid(await this.call('/production/csids', { compliance_request_id: complianceRequestId }, this.auth(credentials)));
  }

  complianceCheck(credentials: FatooraCredentials, submission: FatooraSubmission): Promise<FatooraOutcome> {
    return this.submit('/compliance/invoices', credentials, submission, {});
  }

  clear(credentials: FatooraCredentials, submission: FatooraSubmission): Promise<FatooraOutcome> {
    return this.submit('/invoices/clearance/single', credentials, submission, { 'Clearance-Status': '1' });
  }

  report(credentials: FatooraCredentials, submission: FatooraSubmission): Promise<FatooraOutcome> {
    return this.submit('/invoices/reporting/single', credentials, submission, { 'Clearance-Status': '0' });
  }

  private auth(credentials: FatooraCredentials): Record<string, string> {
    return { Authorization: `Basic ${Buffer.from(`${credentials.token}:${credentials.secret}`).toString('base64')}` };
  }

  private csid(answer: { status: number; body: FatooraJson; url: string }): FatooraCsid {
    const { status, body } = answer;
    if (status !== 200 || !body.binarySecurityToken || !body.secret || body.requestID === undefined) {
      throw new FatooraRequestError(
        `Fatoora at ${answer.url} answered ${status}: ${JSON.stringify(body.errors ?? body.dispositionMessage ?? body)}`,
        answer.url,
      );
    }
    return { requestId: String(body.requestID), token: body.binarySecurityToken, secret: body.secret };
  }

  private async submit(
    path: string,
    credentials: FatooraCredentials,
    submission: FatooraSubmission,
    headers: Record<string, string>,
  ): Promise<FatooraOutcome> {
    let answer: { status: number; body: FatooraJson; url: string };
    try {
      answer = await this.call(path, submission, { ...this.auth(credentials), ...headers });
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
    const { status, body } = answer;
    const warnings = body.validationResults?.warningMessages ?? [];
    if (status === 200 || status === 202) {
      const accepted = body.clearanceStatus === 'CLEARED' ? 'CLEARED' : 'REPORTED';
      return { kind: 'accepted', status: accepted, clearedInvoice: body.clearedInvoice, warnings };
    }
    if (status === 400) return { kind: 'rejected', errors: body.validationResults?.errorMessages ?? [], warnings };
    // 401 (a revoked CSID), 429, 5xx: nothing was decided about the document; send it again later.
    return { kind: 'unavailable', reason: `Fatoora at ${answer.url} answered ${status}` };
  }

  private async call(
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: FatooraJson; url: string }> {
    const url = displayedUrl(`${this.options.baseUrl}${path}`);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': 'en',
          'Accept-Version': 'V2',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new FatooraRequestError(`POST ${url}: ${unanswered(error)}`, url);
    }
    const text = await response.text();
    let json: FatooraJson = {};
    try {
      json = text ? (JSON.parse(text) as FatooraJson) : {};
    } catch {
      json = {};
    }
    return { status: response.status, body: json, url };
  }
}
