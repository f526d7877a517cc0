import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditSource, Principal } from '@lgw/kernel';
import { ApiErrorResponses, CurrentPrincipal, RequestAuditSource } from '@lgw/http-api';
import { GetNotificationSettingsUseCase } from '../application/get-notification-settings/get-notification-settings.use-case';
import { UpdateNotificationSettingsUseCase } from '../application/update-notification-settings/update-notification-settings.use-case';
import { ListShipmentNotificationsUseCase } from '../application/list-shipment-notifications/list-shipment-notifications.use-case';
import { NotificationSettingsDto, NotificationSettingsRequestDto, ShipmentNotificationsDto } from './dto/notification-settings.dto';

const INVALID_SETTINGS =
  'E_VALIDATION: details.errors lists every problem {field, reason, reason_ar}: types, unknown fields, unknown events, ' +
  'a sender_name too short, too long or with characters an SMS sender ID cannot have';

/** The recipients' notices (docs/adr/0086): the team's settings and each shipment's log. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1')
export class NotificationsHttpController {
  constructor(
    private readonly getSettings: GetNotificationSettingsUseCase,
    private readonly updateSettings: UpdateNotificationSettingsUseCase,
    private readonly listNotifications: ListShipmentNotificationsUseCase,
  ) {}

  @Get('notification-settings')
  @ApiOperation({ summary: "The team's recipient notification settings (defaults until saved: no channel on)" })
  @ApiOkResponse({ type: NotificationSettingsDto })
  @ApiErrorResponses()
  settings(@CurrentPrincipal() principal: Principal): Promise<NotificationSettingsDto> {
    return this.getSettings.execute(principal.teamId);
  }

  @Put('notification-settings')
  @ApiOperation({ summary: "Replaces the team's recipient notification settings" })
  @ApiOkResponse({ type: NotificationSettingsDto })
  @ApiErrorResponses({ 422: INVALID_SETTINGS })
  update(
    @CurrentPrincipal() principal: Principal,
    @Body() body: NotificationSettingsRequestDto,
    @RequestAuditSource() source: AuditSource,
  ): Promise<NotificationSettingsDto> {
    return this.updateSettings.execute({ teamId: principal.teamId, body, source });
  }

  @Get('shipments/:id/notifications')
  @ApiOperation({ summary: "The notices sent (or not) to the shipment's recipient, addresses masked" })
  @ApiOkResponse({ type: ShipmentNotificationsDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also another team's shipment)" })
  notifications(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ShipmentNotificationsDto> {
    return this.listNotifications.execute(principal.teamId, id);
  }
}
