import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { sendCsvDownload, ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';
import { ManifestsUseCase, ManifestView } from '../application/manifests/manage-manifests/manage-manifests.use-case';
import { Principal } from '@lgw/kernel';
import { CreateManifestRequestDto, ManifestDto, ManifestListResponseDto } from './dto/printing.request.dto';

/** Carrier manifests: the end-of-day handover sheet of a carrier's labelled shipments. */
@ApiTags('manifests')
@ApiBearerAuth()
@Controller('api/v1/manifests')
export class ManifestsHttpController {
  constructor(private readonly manifests: ManifestsUseCase) {}

  @Post()
  @HttpCode(201)
  @ApiBody({ type: CreateManifestRequestDto })
  @ApiCreatedResponse({ type: ManifestDto })
  @ApiErrorResponses({
    422: 'E_VALIDATION (carrier unknown, or no labelled shipment waiting outside a manifest of that day; date not YYYY-MM-DD)',
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateManifestRequestDto): Promise<ManifestView> {
    return this.manifests.create({ teamId: principal.teamId, carrier: body?.carrier, date: body?.date });
  }

  @Get()
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: ManifestListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (limit, offset)' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<ManifestListResponseDto> {
    return this.manifests.list({ teamId: principal.teamId, limit, offset });
  }

  @Get(':id.pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'Bilingual A4 handover sheet', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id or another team's manifest)",
    503: 'E_LABEL_UNAVAILABLE (no renderer can run; Retry-After)',
  })
  async pdf(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const pdf = await this.manifests.pdf(principal.teamId, id);
    await reply.type('application/pdf').header('content-disposition', `inline; filename="manifest-${id}.pdf"`).send(pdf);
  }

  @Get(':id.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The manifest lines as CSV (UTF-8)', schema: { type: 'string' } })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (unknown id or another team's manifest)" })
  async csv(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const csv = await this.manifests.csvFile(principal.teamId, id);
    await sendCsvDownload(reply, `manifest-${id}.csv`, csv);
  }
}
