import { Controller, Get, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  sendCsvDownload,
  ApiErrorResponses,
  idempotencyScope,
  markReplayed,
  IdempotentRequests,
  CurrentPrincipal,
  OUTCOME_STATUS,
  RequestAuditSource,
} from '@lgw/http-api';
import { BatchCsvKind, DownloadBatchCsvUseCase } from '../application/download-batch-csv/download-batch-csv.use-case';
import { batchFileFingerprint } from '../application/submit-batch/submit-batch.command';
import { GetBatchUseCase } from '../application/get-batch/get-batch.use-case';
import { ListBatchesUseCase } from '../application/list-batches/list-batches.use-case';
import { Principal, AuditSource } from '@lgw/kernel';
import { SubmitBatchUseCase } from '../application/submit-batch/submit-batch.use-case';
import { MAX_BATCH_FILE_BYTES } from '../domain/batch-csv-format';
import { SubmitBatchRequestDto } from './dto/fulfilment-batch.request.dto';
import { FulfilmentBatchDto, FulfilmentBatchListResponseDto } from './dto/fulfilment-batch.response.dto';
import { PageQueryDto, multipartFormParts } from '@lgw/shipping';

const NOT_FOUND = "E_NOT_FOUND (unknown id or another team's batch)";

@ApiTags('fulfilment batches')
@ApiBearerAuth()
@Controller('api/v1/fulfilment/batches')
export class FulfilmentBatchesHttpController {
  constructor(
    private readonly submitBatch: SubmitBatchUseCase,
    private readonly getBatch: GetBatchUseCase,
    private readonly downloadCsv: DownloadBatchCsvUseCase,
    private readonly listBatches: ListBatchesUseCase,
    private readonly idempotent: IdempotentRequests,
  ) {}

  @Get()
  @ApiOkResponse({ type: FulfilmentBatchListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (limit, offset, unknown parameters)' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<FulfilmentBatchListResponseDto> {
    return this.listBatches.execute({ ...query, teamId: principal.teamId });
  }

  /**
   * The file is stored before the Idempotency-Key is claimed, because the key's request is the
   * file's content; a repeated request answers its first batch, and its copy of the file goes.
   */
  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: SubmitBatchRequestDto })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Same key + same file (by content) within 24 h returns the first 202 and creates no second batch; another file → 422.',
  })
  @ApiAcceptedResponse({
    type: FulfilmentBatchDto,
    description: 'Accepted: PROCESSING, counts 0, both CSV fields null. Poll GET /fulfilment/batches/{id}.',
  })
  @ApiErrorResponses({
    409: 'E_IDEMPOTENCY_IN_PROGRESS',
    413: 'E_PAYLOAD_TOO_LARGE: the file is over 50 MB (nothing is stored)',
    422: 'E_VALIDATION {field: "file", reason, reason_ar}: missing, empty, binary, not UTF-8, wrong or missing column in the header, header only; E_IDEMPOTENCY_MISMATCH',
    503: 'E_SERVICE_UNAVAILABLE (Retry-After)',
  })
  async submit(
    @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestAuditSource() source: AuditSource,
  ): Promise<FulfilmentBatchDto> {
    const file = await this.submitBatch.receive({
      teamId: principal.teamId,
      parts: multipartFormParts(request, { fileSize: MAX_BATCH_FILE_BYTES }),
    });
    let kept = false;
    try {
      const answer = await this.idempotent.run(
        {
          teamId: principal.teamId,
          scope: idempotencyScope(request),
          rawKey: idempotencyKey,
          fingerprint: batchFileFingerprint(file),
          outcome: 'accepted',
        },
        () => this.submitBatch.accept(file, source),
      );
      kept = !answer.replayed;
      markReplayed(reply, answer.replayed);
      reply.code(OUTCOME_STATUS[answer.outcome]);
      return answer.body;
    } finally {
      if (!kept) await this.submitBatch.discard(file);
    }
  }

  @Get(':id')
  @ApiOkResponse({ type: FulfilmentBatchDto })
  @ApiErrorResponses({ 404: NOT_FOUND })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FulfilmentBatchDto> {
    return this.getBatch.execute(principal.teamId, id);
  }

  @Get(':id/result.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'result_csv as a streamed text/csv download (COMPLETED batches).' })
  @ApiErrorResponses({ 404: `${NOT_FOUND}, or the batch is not COMPLETED` })
  result(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.download(principal, id, 'result', reply);
  }

  @Get(':id/rejections.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'rejection_csv as a streamed text/csv download (REJECTED batches).' })
  @ApiErrorResponses({ 404: `${NOT_FOUND}, or the batch is not REJECTED` })
  rejections(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.download(principal, id, 'rejections', reply);
  }

  private async download(principal: Principal, id: string, kind: BatchCsvKind, reply: FastifyReply): Promise<void> {
    const file = await this.downloadCsv.execute(principal.teamId, id, kind);
    await sendCsvDownload(reply, file.filename, file.content);
  }
}
