import { ApiProperty } from '@nestjs/swagger';

export class CarrierConnectionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'sahm' }) carrier: string;
  @ApiProperty({ enum: ['platform', 'team'], description: "platform: the gateway's own contract, the default; team: the team's own" })
  owner: 'platform' | 'team';
  @ApiProperty({ enum: ['active', 'revoked'] }) status: 'active' | 'revoked';
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'api_token ••••9f3a',
    description: "the credentials' names and at most their last 4 characters; null for the platform's connections shown to a team",
  })
  credentials_hint: string | null;
  @ApiProperty({ type: String, nullable: true }) account_number: string | null;
  @ApiProperty({ type: [String], description: 'service codes quoted from the contract rates of this connection' })
  contract_rates: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({
    required: false,
    example: '/api/v1/carrier-webhooks/aymakan/3q2-7wEh9Zk1yqXcV5fL0bGm8sTn4aRj6uPoIiDdKe0',
    description:
      "where the carrier pushes this account's status updates (POST, no bearer key), under the gateway's public address; " +
      'only in the answer that created the connection: the token is stored hashed and cannot be shown again',
  })
  webhook_url?: string;
}

export class CarrierConnectionListResponseDto {
  @ApiProperty({ type: [CarrierConnectionDto], description: "the team's own active connections, then the platform's" })
  connections: CarrierConnectionDto[];
}
