import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import type { AddressProps } from '@lgw/kernel';
import { CompiledValidation, IsVerifiableAddress } from '@lgw/http-api';

/** The address to verify: any Address fields; a short address alone is enough. Country defaults to SA. */
export class VerifiableAddressDto {
  @ApiPropertyOptional({ example: 'محمد عبدالله' }) name?: string;
  @ApiPropertyOptional({ example: 'King Fahd Road 2929' }) line1?: string;
  @ApiPropertyOptional({ example: 'Riyadh', description: 'compared with the register (English or Arabic name)' }) city?: string;
  @ApiPropertyOptional({ example: 'Riyadh Province' }) region?: string;
  @ApiPropertyOptional({ example: 'SA', description: 'SA only (the default): the National Address covers Saudi Arabia' })
  country?: string;
  @ApiPropertyOptional({ example: '12211', description: 'with additional_number, when there is no short_address' })
  postal_code?: string;
  @ApiPropertyOptional({ example: '4321', description: 'with postal_code, when there is no short_address' })
  additional_number?: string;
  @ApiPropertyOptional({ example: 'RRRD2929', description: 'National short address: 4 letters + 4 digits; enough on its own' })
  short_address?: string;
  @ApiPropertyOptional({ example: '966512345678' }) phone?: string;
}

@CompiledValidation()
export class VerifyAddressRequestDto {
  @ApiProperty({ type: VerifiableAddressDto })
  @IsDefined({ message: 'is required' })
  @IsVerifiableAddress()
  address: VerifiableAddressDto;

  toAddress(): AddressProps {
    return { ...this.address, country: (this.address.country ?? 'SA').trim().toUpperCase(), city: this.address.city ?? '' };
  }
}

export class BilingualNameDto {
  @ApiProperty({ example: 'Al Olaya' }) en: string;
  @ApiProperty({ example: 'العليا' }) ar: string;
}

export class CoordinatesDto {
  @ApiProperty({ example: 24.6951 }) latitude: number;
  @ApiProperty({ example: 46.6855 }) longitude: number;
}

export class NationalAddressDto {
  @ApiProperty({ example: 'RRRD2929' }) short_address: string;
  @ApiProperty({ example: '2929' }) building_number: string;
  @ApiProperty({ type: BilingualNameDto }) street: BilingualNameDto;
  @ApiProperty({ type: BilingualNameDto }) district: BilingualNameDto;
  @ApiProperty({ type: BilingualNameDto }) city: BilingualNameDto;
  @ApiProperty({ type: BilingualNameDto }) region: BilingualNameDto;
  @ApiProperty({ example: '12211' }) postal_code: string;
  @ApiProperty({ example: '4321' }) additional_number: string;
  @ApiProperty({ enum: ['SA'] }) country: 'SA';
  @ApiProperty({ type: CoordinatesDto }) coordinates: CoordinatesDto;
}

export class AddressDifferenceDto {
  @ApiProperty({ enum: ['short_address', 'postal_code', 'additional_number', 'city'] }) field:
    'short_address' | 'postal_code' | 'additional_number' | 'city';
  @ApiProperty({ description: 'what was sent (normalised)' }) sent: string;
  @ApiProperty({ description: "the register's value" }) verified: string;
}

const BILINGUAL = { type: 'object', required: ['en', 'ar'], properties: { en: { type: 'string' }, ar: { type: 'string' } } } as const;

/** The register's building, or null: inline, so that OpenAPI 3.0 can say "an object or null" (as NationalAddressDto). */
const NATIONAL_ADDRESS_OR_NULL = {
  type: 'object',
  nullable: true,
  description: "the register's full National Address in both languages; null when the register has none",
  required: [
    'short_address',
    'building_number',
    'street',
    'district',
    'city',
    'region',
    'postal_code',
    'additional_number',
    'country',
    'coordinates',
  ],
  properties: {
    short_address: { type: 'string', example: 'RRRD2929' },
    building_number: { type: 'string', example: '2929' },
    street: BILINGUAL,
    district: BILINGUAL,
    city: BILINGUAL,
    region: BILINGUAL,
    postal_code: { type: 'string', example: '12211' },
    additional_number: { type: 'string', example: '4321' },
    country: { type: 'string', enum: ['SA'] },
    coordinates: {
      type: 'object',
      required: ['latitude', 'longitude'],
      properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
    },
  },
} as const;

export class AddressVerificationResponseDto {
  @ApiProperty({ description: 'true when the register has the address and nothing sent contradicts it' }) verified: boolean;
  @ApiProperty(NATIONAL_ADDRESS_OR_NULL as never)
  address: NationalAddressDto | null;
  @ApiProperty({ type: [AddressDifferenceDto], description: 'fields sent that the register contradicts' })
  differences: readonly AddressDifferenceDto[];
}
