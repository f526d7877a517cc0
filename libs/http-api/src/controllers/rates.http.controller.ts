import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetRatesUseCase, Principal } from '@lgw/application';
import { QuoteListResponseDto } from '../dto/quote.response.dto';
import { RatesRequestDto } from '../dto/shipping.request.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

@ApiTags('rates')
@ApiBearerAuth()
@Controller('api/v1/rates')
export class RatesHttpController {
  constructor(private readonly getRates: GetRatesUseCase) {}

  /** One quote per eligible carrier service level; none eligible is an empty list. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: QuoteListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION {field, reason}' })
  async rates(@CurrentPrincipal() principal: Principal, @Body() body: RatesRequestDto): Promise<QuoteListResponseDto> {
    return { quotes: await this.getRates.execute(body.toCommand(principal.teamId)) };
  }
}
