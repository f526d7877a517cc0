import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { CompiledValidation } from '@lgw/http-api';

export class BillingAddressRequestDto {
  @ApiProperty({ example: 'King Fahd Road' }) street: string;
  @ApiProperty({ example: '2322', description: 'National Address building number, 4 digits' }) building_number: string;
  @ApiProperty({ example: 'Al Olaya' }) district: string;
  @ApiProperty({ example: 'Riyadh' }) city: string;
  @ApiProperty({ example: '12214', description: '5 digits' }) postal_code: string;
  @ApiPropertyOptional({ example: '8228', description: 'National Address additional number, 4 digits' }) additional_number?: string;
  @ApiProperty({ example: 'SA', description: 'SA: a Saudi National Address' }) country: string;
}

/** The rules (VAT number form, National Address fields, Arabic name) live in SetBillingProfileUseCase. */
@CompiledValidation()
export class BillingProfileRequestDto {
  @ApiProperty({ example: 'شركة التاجر المحدودة' })
  @IsString({ message: 'must be a string' })
  legal_name_ar: string;

  @ApiProperty({ example: 'Merchant Trading Co.' })
  @IsString({ message: 'must be a string' })
  legal_name_en: string;

  @ApiPropertyOptional({
    example: '310122393500003',
    description: 'VAT registration: 15 digits, first and last 3. Given: standard tax invoices (B2B, cleared); absent: simplified.',
  })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  vat_number?: string;

  @ApiProperty({ type: BillingAddressRequestDto })
  @IsObject({ message: 'must be an object' })
  address: BillingAddressRequestDto;
}

@CompiledValidation()
export class IssueInvoicesRequestDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'one team; absent: every team with lines not yet invoiced' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  team_id?: string;
}

@CompiledValidation()
export class OnboardEgsRequestDto {
  @ApiProperty({ example: '123345', description: "the one-time password from ZATCA's Fatoora portal, 6 digits" })
  @IsString({ message: 'must be a string' })
  otp: string;
}
