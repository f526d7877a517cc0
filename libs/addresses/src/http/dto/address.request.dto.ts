import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AddressProps } from '@lgw/kernel';
import { AddressBody } from '@lgw/http-api';

/**
 * The Address shape. Its rules (ISO country, Saudi postal code, short address, phone...)
 * depend on each other and live in the domain's value object (address-rules.ts); the
 * validation pipe applies them, nested (`destination.city`) or as a whole body (`city`).
 */
@AddressBody()
export class AddressRequestDto implements AddressProps {
  @ApiPropertyOptional({ example: 'محمد عبدالله' }) name?: string;
  @ApiPropertyOptional({ example: 'King Fahd Road 1234' }) line1?: string;
  @ApiProperty({ example: 'Riyadh' }) city: string;
  @ApiPropertyOptional({ example: 'Riyadh Province' }) region?: string;
  @ApiProperty({ example: 'SA', description: 'ISO 3166-1 alpha-2' }) country: string;
  @ApiPropertyOptional({ example: '12345', description: '5 digits inside Saudi Arabia' }) postal_code?: string;
  @ApiPropertyOptional({ example: '6789', description: 'National Address additional number, 4 digits' })
  additional_number?: string;
  @ApiPropertyOptional({ example: 'RRRD2929', description: 'National short address: 4 letters + 4 digits' })
  short_address?: string;
  @ApiPropertyOptional({ example: '966512345678', description: '9665XXXXXXXX' }) phone?: string;
  @ApiPropertyOptional({ example: 'buyer@example.com', description: "the recipient's e-mail, for notices (GET /notification-settings)" })
  email?: string;
}
