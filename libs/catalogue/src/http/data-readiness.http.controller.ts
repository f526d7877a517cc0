import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal } from '@lgw/kernel';
import { ScoreDataReadinessUseCase } from '../application/score-data-readiness/score-data-readiness.use-case';
import { DataReadinessReportDto } from './dto/catalogue.response.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('api/v1/data-readiness')
export class DataReadinessHttpController {
  constructor(private readonly scoreReadiness: ScoreDataReadinessUseCase) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Scores the catalogue for international shipping',
    description:
      'Five checks per SKU: hs_code (6 to 10 digits), weight, dimensions, origin_country (ISO alpha-2), and plausible ' +
      'values (weight, dimensions and declared value present; none ≤ 0; weight ≤ 500 kg; no side > 300 cm). ' +
      'score = round(100 × passed / (5 × total_skus)), 0 for an empty catalogue. No body.',
  })
  @ApiOkResponse({ type: DataReadinessReportDto })
  @ApiErrorResponses({ 503: 'E_SERVICE_UNAVAILABLE (Retry-After)' })
  score(@CurrentPrincipal() principal: Principal): Promise<DataReadinessReportDto> {
    return this.scoreReadiness.execute({ teamId: principal.teamId });
  }
}
