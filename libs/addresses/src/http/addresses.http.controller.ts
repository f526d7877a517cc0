import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { VerifyAddressUseCase } from '../application/verify-address/verify-address.use-case';
import { AddressVerificationResponseDto, VerifyAddressRequestDto } from './dto/address-verification.dto';
import { ApiErrorResponses } from '@lgw/http-api';

/** National Address verification (docs/api.md "National Address verification", docs/adr/0052). */
@ApiTags('addresses')
@ApiBearerAuth()
@Controller('api/v1/addresses')
export class AddressesHttpController {
  constructor(private readonly verifyAddress: VerifyAddressUseCase) {}

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Verify a Saudi address against the National Address register',
    description:
      'A short address alone is enough (else postal_code with additional_number). Answers the full National Address in ' +
      'Arabic and English, whether what was sent matches it, and the fields that differ.',
  })
  @ApiOkResponse({ type: AddressVerificationResponseDto })
  @ApiErrorResponses({
    422: 'E_VALIDATION: every wrong field in details.errors (address.short_address, address.country, ...)',
    503: 'E_ADDRESS_SERVICE_UNAVAILABLE (Retry-After): the National Address service cannot be reached',
  })
  verify(@Body() body: VerifyAddressRequestDto): Promise<AddressVerificationResponseDto> {
    return this.verifyAddress.execute(body.toAddress());
  }
}
