import { ApiProperty } from '@nestjs/swagger';

export class ConnectionCredentialRequirementDto {
  @ApiProperty({ example: 'api_token', description: 'the key under `credentials` in POST /carrier-connections' })
  name: string;
  @ApiProperty({ example: 'Sahm API token' }) label_en: string;
  @ApiProperty({ example: 'رمز واجهة سهم' }) label_ar: string;
  @ApiProperty({ description: 'a secret a form masks (a password input); false for what is not, such as a user name' })
  secret: boolean;
  @ApiProperty({
    enum: ['token', 'digits', 'text'],
    description: 'token: letters, digits and . _ ~ + / = -; digits: only digits; text: any printable character',
  })
  charset: 'token' | 'digits' | 'text';
  @ApiProperty({ example: 16 }) min_length: number;
  @ApiProperty({ example: 256 }) max_length: number;
}

export interface AccountNumberRequirement {
  required: boolean;
  pattern: string;
  description_en: string;
}

/** The account number rule, or null: inline, so that OpenAPI 3.0 can say "an object or null". */
const ACCOUNT_NUMBER_OR_NULL = {
  type: 'object',
  nullable: true,
  description: 'null when the carrier does not number its accounts (an account_number is then refused)',
  required: ['required', 'pattern', 'description_en'],
  properties: {
    required: { type: 'boolean' },
    pattern: { type: 'string', example: '^[A-Z0-9]{6,12}$', description: 'a regular expression the account number must match' },
    description_en: { type: 'string' },
  },
} as const;

export class ConnectionRequirementDto {
  @ApiProperty({ example: 'sahm' }) carrier: string;
  @ApiProperty({ type: [ConnectionCredentialRequirementDto], description: 'every credential the carrier asks for, in its declared order' })
  credentials: ConnectionCredentialRequirementDto[];
  @ApiProperty(ACCOUNT_NUMBER_OR_NULL as never)
  account_number: AccountNumberRequirement | null;
}

export class ConnectionRequirementListResponseDto {
  @ApiProperty({ type: [ConnectionRequirementDto], description: 'every carrier the gateway offers' })
  carriers: ConnectionRequirementDto[];
}
