import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GetLabelUseCase, Principal } from '@lgw/application';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

@ApiTags('labels')
@ApiBearerAuth()
@Controller('api/v1/labels')
export class LabelsHttpController {
  constructor(private readonly getLabel: GetLabelUseCase) {}

  /** A6 PDF with a Code 128 barcode and a QR code of the tracking number. */
  @Get(':id')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'A6 PDF label', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id or another team's shipment)",
    503: 'E_LABEL_UNAVAILABLE (not rendered yet and no renderer can run; Retry-After)',
  })
  async label(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const pdf = await this.getLabel.execute({ teamId: principal.teamId, shipmentId: id });
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="label-${id}.pdf"`)
      .header('cache-control', 'private, max-age=300')
      .send(pdf);
  }
}
