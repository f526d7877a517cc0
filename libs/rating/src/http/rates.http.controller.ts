import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetRatesUseCase } from '../application/get-rates/get-rates.use-case';
import { Principal } from '@lgw/kernel';
import { QuoteListResponseDto } from './dto/quote.response.dto';
import { RatesRequestDto } from './dto/shipping.request.dto';
import { ApiErrorResponses, CurrentPrincipal, takeMode, withOwnJson } from '@lgw/http-api';
import { quoteListJson } from './quote-list.json';

@ApiTags('rates')
@ApiBearerAuth()
@Controller('api/v1/rates')
export class RatesHttpController {
  constructor(private readonly getRates: GetRatesUseCase) {}

  /**
   * One quote per eligible carrier service level; none eligible is an empty list. With
   * cod_amount, only levels that collect cash, each with a cod_fee line; when none does, the
   * empty list comes with a COD_NOT_AVAILABLE warning.
   */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: QuoteListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION {field, reason}' })
  async rates(@CurrentPrincipal() principal: Principal, @Body() body: RatesRequestDto): Promise<QuoteListResponseDto> {
    const answer = await this.getRates.rates(body.toCommand(principal.teamId));
    return withOwnJson({ ...answer, quotes: takeMode(principal, answer.quotes) }, quoteListJson);
  }
}
