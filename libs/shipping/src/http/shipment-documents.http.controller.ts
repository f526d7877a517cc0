import { Controller, Get, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ListShipmentDocumentsUseCase } from '../application/documents/list-shipment-documents/list-shipment-documents.use-case';
import { Principal } from '@lgw/kernel';
import { UploadShipmentDocumentUseCase } from '../application/documents/upload-shipment-document/upload-shipment-document.use-case';
import { ShipmentDocumentDto, ShipmentDocumentListResponseDto } from './dto/shipment-document.response.dto';
import { UploadDocumentRequestDto } from './dto/upload-document.request.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';
import { multipartFormParts } from './multipart';

@ApiTags('documents')
@ApiBearerAuth()
@Controller('api/v1/shipments')
export class ShipmentDocumentsHttpController {
  constructor(
    private readonly uploadDocument: UploadShipmentDocumentUseCase,
    private readonly listDocuments: ListShipmentDocumentsUseCase,
  ) {}

  @Post(':id/documents')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadDocumentRequestDto })
  @ApiCreatedResponse({ type: ShipmentDocumentDto })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id or another team's shipment)",
    413: 'E_PAYLOAD_TOO_LARGE: the file is over 10 MB (nothing is stored)',
    422: 'E_VALIDATION: field `file` (missing, empty, not a PDF) or `type` (missing, not in the enum); `body` when not multipart',
  })
  upload(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() request: FastifyRequest): Promise<ShipmentDocumentDto> {
    return this.uploadDocument.execute({ teamId: principal.teamId, shipmentId: id, parts: multipartFormParts(request) });
  }

  @Get(':id/documents')
  @ApiOkResponse({ type: ShipmentDocumentListResponseDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (unknown id or another team's shipment)" })
  list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ShipmentDocumentListResponseDto> {
    return this.listDocuments.execute({ teamId: principal.teamId, shipmentId: id });
  }
}
