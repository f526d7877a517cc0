import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { BATCH_LABELS_MAX_LIMIT, MergeLabelsUseCase } from '../application/labels/merge-labels/merge-labels.use-case';
import { LABEL_FORMATS, LabelFormat, Principal, ValidationError } from '@lgw/kernel';
import { LABEL_MEDIA, parseLabelFormat } from '../application/labels/label-formats';
import { BatchLabelProgressDto, MergeLabelsRequestDto } from './dto/printing.request.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

/** Many labels as one printable file: a selection, or a page of a fulfilment batch. */
@ApiTags('labels')
@ApiBearerAuth()
@Controller('api/v1')
export class PrintingHttpController {
  constructor(private readonly mergeLabels: MergeLabelsUseCase) {}

  @Post('labels/merge')
  @HttpCode(200)
  @ApiBody({ type: MergeLabelsRequestDto })
  @ApiProduces('application/pdf', 'application/zpl')
  @ApiOkResponse({
    description: 'One PDF (one label per page, in the given order) or one ZPL stream',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (an unknown id or another team's shipment among the ids)",
    410: 'E_LABEL_VOIDED (a cancelled shipment among the ids; details.shipment_id)',
    422: 'E_VALIDATION (shipment_ids missing, empty, over 500 or not UUIDs; unknown format)',
    503: 'E_LABEL_UNAVAILABLE (a label not rendered yet and no renderer can run; Retry-After)',
  })
  async merge(@CurrentPrincipal() principal: Principal, @Body() body: MergeLabelsRequestDto, @Res() reply: FastifyReply): Promise<void> {
    const format = parseLabelFormat(body?.format) ?? 'pdf_a6';
    const file = await this.mergeLabels.selection({ teamId: principal.teamId, shipmentIds: body?.shipment_ids, format });
    await send(reply, file, format, 'labels');
  }

  @Get('fulfilment/batches/:id/labels/progress')
  @ApiOkResponse({ type: BatchLabelProgressDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (unknown batch or another team's)" })
  batchLabelProgress(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BatchLabelProgressDto> {
    return this.mergeLabels.batchProgress(principal.teamId, id);
  }

  @Get('fulfilment/batches/:id/labels')
  @ApiProduces('application/pdf', 'application/zpl')
  @ApiQuery({ name: 'format', required: false, schema: { type: 'string', enum: [...LABEL_FORMATS], default: 'pdf_a6' } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: BATCH_LABELS_MAX_LIMIT, default: BATCH_LABELS_MAX_LIMIT },
  })
  @ApiOkResponse({
    description: "A page of the batch's labels in file order (cancelled shipments left out)",
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown batch or another team's)",
    422: 'E_VALIDATION (format, offset or limit; a page with no printable label → field offset)',
    503: 'E_LABEL_UNAVAILABLE (a label not rendered yet and no renderer can run; Retry-After)',
  })
  async batchLabels(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
    @Query('format') formatParam?: string,
    @Query('offset') offsetParam?: string,
    @Query('limit') limitParam?: string,
  ): Promise<void> {
    const format = parseLabelFormat(formatParam) ?? 'pdf_a6';
    const offset = integer('offset', offsetParam, 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = integer('limit', limitParam, BATCH_LABELS_MAX_LIMIT, 1, BATCH_LABELS_MAX_LIMIT);
    const file = await this.mergeLabels.batchPage({ teamId: principal.teamId, batchId: id, format, offset, limit });
    await send(reply, file, format, `batch-${id}-labels-${offset}`);
  }
}

function integer(field: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new ValidationError(field, `must be an integer from ${min} to ${max}`, `يجب أن يكون عدداً صحيحاً من ${min} إلى ${max}`);
  }
  return n;
}

/**
 * Streams the file. Its first chunk is awaited before the status line goes out, so a refusal
 * found while reading the first label still answers with the JSON envelope.
 */
async function send(reply: FastifyReply, file: AsyncIterable<Buffer>, format: LabelFormat, name: string): Promise<void> {
  const iterator = file[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rest(): AsyncIterable<Buffer> {
    if (!first.done) yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const media = LABEL_MEDIA[format];
  await reply
    .type(media.contentType)
    .header('content-disposition', `inline; filename="${name}.${media.extension}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(rest()));
}
