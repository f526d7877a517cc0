import { Inject, Injectable } from '@nestjs/common';
import { CarrierCredentialSchema, credentialApiName, CredentialCharset, isSecretCredential } from '../../domain/carrier-connection';
import { CARRIER_CREDENTIAL_SCHEMAS, CarrierCredentialSchemasPort } from '../ports/carrier-connection.port';

/** One credential a connection to the carrier takes, by the name POST /carrier-connections expects. */
export interface ConnectionCredentialRequirementView {
  readonly name: string;
  readonly label_en: string;
  readonly label_ar: string;
  readonly secret: boolean;
  readonly charset: CredentialCharset;
  readonly min_length: number;
  readonly max_length: number;
}

export interface ConnectionRequirementView {
  readonly carrier: string;
  readonly credentials: ConnectionCredentialRequirementView[];
  /** Null when the carrier does not number its accounts (an account number is then refused). */
  readonly account_number: { readonly required: boolean; readonly pattern: string; readonly description_en: string } | null;
}

export interface ConnectionRequirementListView {
  readonly carriers: ConnectionRequirementView[];
}

/**
 * GET /carrier-connections/requirements: what each registered carrier declares a connection
 * holds, so a client (the console) can draw the form POST /carrier-connections validates against.
 */
@Injectable()
export class ListConnectionRequirementsUseCase {
  constructor(@Inject(CARRIER_CREDENTIAL_SCHEMAS) private readonly schemas: CarrierCredentialSchemasPort) {}

  execute(): ConnectionRequirementListView {
    const carriers: ConnectionRequirementView[] = [];
    for (const code of this.schemas.codes()) {
      const schema = this.schemas.schema(code);
      if (schema) carriers.push(toRequirementView(code, schema));
    }
    return { carriers };
  }
}

function toRequirementView(carrier: string, schema: CarrierCredentialSchema): ConnectionRequirementView {
  return {
    carrier,
    credentials: Object.entries(schema.fields).map(([setting, field]) => ({
      name: credentialApiName(setting),
      label_en: field.label_en,
      label_ar: field.label_ar,
      secret: isSecretCredential(field),
      charset: field.charset,
      min_length: field.min_length,
      max_length: field.max_length,
    })),
    account_number: schema.account_number
      ? {
          required: schema.account_number.required,
          pattern: schema.account_number.pattern,
          description_en: schema.account_number.description_en,
        }
      : null,
  };
}
