import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuditSource, Principal } from '@lgw/kernel';
import { ApiErrorResponses, CurrentPrincipal, RequestAuditSource, withMode } from '@lgw/http-api';
import { ActOnDeliveryIssueUseCase } from '../application/delivery-issues/act-on-delivery-issue/act-on-delivery-issue.use-case';
import {
  DELIVERY_ISSUES_MAX_PAGE,
  ListDeliveryIssuesUseCase,
} from '../application/delivery-issues/list-delivery-issues/list-delivery-issues.use-case';
import { DELIVERY_ISSUE_STATUSES } from '../domain/delivery-issue';
import { DeliveryIssueActionRequestDto } from './dto/delivery-issue.request.dto';
import { DELIVERY_ISSUE_SCHEMA, ShipmentDto } from './dto/shipment.response.dto';

const { nullable: _nullable, description: _description, ...ISSUE_ITEM } = DELIVERY_ISSUE_SCHEMA;

export class DeliveryIssueListResponseDto {
  @ApiProperty({
    type: 'array',
    items: {
      ...ISSUE_ITEM,
      required: [...ISSUE_ITEM.required, 'shipment'],
      properties: { ...ISSUE_ITEM.properties, shipment: { $ref: '#/components/schemas/ShipmentDto' } },
    },
  } as never)
  delivery_issues: unknown[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}

/** Delivery issues (docs/adr/0083): the merchant's answers to a failed delivery, and the team's queue of them. */
@ApiTags('delivery issues')
@ApiBearerAuth()
@Controller('api/v1')
export class DeliveryIssuesHttpController {
  constructor(
    private readonly act: ActOnDeliveryIssueUseCase,
    private readonly list: ListDeliveryIssuesUseCase,
  ) {}

  @Post('shipments/:id/delivery-issue/actions')
  @HttpCode(200)
  @ApiOkResponse({ type: ShipmentDto, description: 'The shipment with the action recorded on its delivery_issue.' })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id or another team's shipment)",
    409: 'E_NO_OPEN_DELIVERY_ISSUE: no open issue; E_DELIVERY_ACTION_NOT_ALLOWED {action, actions_allowed}',
    422:
      'E_VALIDATION {field, reason, errors}: every problem at once: reattempt_date (not a date, not after today, after the ' +
      'deadline, a day the carrier does not deliver), phone, destination.* under the address rules',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After): update_contact could not reach the carrier; nothing was changed',
  })
  async action(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: DeliveryIssueActionRequestDto,
    @RequestAuditSource() source: AuditSource,
  ): Promise<ShipmentDto> {
    return withMode(
      principal,
      await this.act.execute({
        teamId: principal.teamId,
        shipmentId: id,
        action: body.action,
        reattemptDate: body.reattempt_date,
        phone: body.phone,
        destination: body.destinationProps(),
        note: body.note,
        by: 'merchant',
        addressVerification: principal.addressVerification,
        source,
      }),
    );
  }

  @Get('delivery-issues')
  @ApiOkResponse({ type: DeliveryIssueListResponseDto, description: "The team's delivery issues, most recently changed first." })
  @ApiQuery({ name: 'status', required: false, enum: DELIVERY_ISSUE_STATUSES })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: DELIVERY_ISSUES_MAX_PAGE, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiErrorResponses({ 422: 'E_VALIDATION (status, limit, offset)' })
  async issues(
    @CurrentPrincipal() principal: Principal,
    @Query('status') status?: string,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<DeliveryIssueListResponseDto> {
    const page = await this.list.execute({ teamId: principal.teamId, status, limit, offset });
    return { ...page, delivery_issues: page.delivery_issues.map((i) => ({ ...i, shipment: withMode(principal, i.shipment) })) };
  }
}
