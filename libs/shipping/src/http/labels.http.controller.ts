import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GetLabelUseCase } from '../application/labels/get-label/get-label.use-case';
import { LABEL_FORMATS, Principal } from '@lgw/kernel';
import { LABEL_MEDIA, parseLabelFormat } from '../application/labels/label-formats';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

@ApiTags('labels')
@ApiBearerAuth()
@Controller('api/v1/labels')
export class LabelsHttpController {
  constructor(private readonly getLabel: GetLabelUseCase) {}

  /** The label with a Code 128 barcode and a QR code of the tracking number: A6 or 4×6 PDF, or ZPL II (203 dpi). */
  @Get(':id')
  @ApiProduces('application/pdf', 'application/zpl')
  @ApiQuery({
    name: 'format',
    required: false,
    schema: { type: 'string', enum: [...LABEL_FORMATS] },
    description: "the shipment's label_format (booking), pdf_a6 when it set none",
  })
  @ApiOkResponse({ description: 'The label (PDF or ZPL)', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id or another team's shipment)",
    410: 'E_LABEL_VOIDED (the shipment was cancelled: its label is void)',
    422: 'E_VALIDATION (unknown format)',
    503: 'E_LABEL_UNAVAILABLE (not rendered yet and no renderer can run; Retry-After)',
  })
  async label(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
    @Query('format') formatParam?: string,
  ): Promise<void> {
    const { format, body } = await this.getLabel.execute({
      teamId: principal.teamId,
      shipmentId: id,
      format: parseLabelFormat(formatParam),
    });
    const media = LABEL_MEDIA[format];
    await reply
      .type(media.contentType)
      .header('content-disposition', `inline; filename="label-${id}.${media.extension}"`)
      .header('cache-control', 'private, max-age=300')
      .send(body);
  }
}
