import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuditSource, Principal } from '@lgw/kernel';
import { ApiErrorResponses, CurrentPrincipal, RequestAuditSource } from '@lgw/http-api';
import { CreateShippingRuleUseCase } from '../application/create-shipping-rule/create-shipping-rule.use-case';
import { UpdateShippingRuleUseCase } from '../application/update-shipping-rule/update-shipping-rule.use-case';
import { GetShippingRuleUseCase } from '../application/get-shipping-rule/get-shipping-rule.use-case';
import { DeleteShippingRuleUseCase } from '../application/delete-shipping-rule/delete-shipping-rule.use-case';
import { ListShippingRulesUseCase } from '../application/list-shipping-rules/list-shipping-rules.use-case';
import { ShippingRuleRequestDto } from './dto/shipping-rule.request.dto';
import { ShippingRuleDto, ShippingRuleListResponseDto } from './dto/shipping-rule.response.dto';

const INVALID_RULE =
  'E_VALIDATION: details.errors lists every problem {field, reason, reason_ar}: types, an empty condition set or action, ' +
  'min above max, an unknown carrier or service, a service both preferred and excluded';

/**
 * A team's shipping rules (docs/adr/0084): the first enabled rule whose conditions hold shapes
 * POST /rates (excluded services not quoted, preferred ones first and recommended) and picks the
 * carrier of fulfilment batch orders.
 */
@ApiTags('shipping-rules')
@ApiBearerAuth()
@Controller('api/v1/shipping-rules')
export class ShippingRulesHttpController {
  constructor(
    private readonly createRule: CreateShippingRuleUseCase,
    private readonly updateRule: UpdateShippingRuleUseCase,
    private readonly getRule: GetShippingRuleUseCase,
    private readonly deleteRule: DeleteShippingRuleUseCase,
    private readonly listRules: ListShippingRulesUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ShippingRuleDto })
  @ApiErrorResponses({ 422: INVALID_RULE })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ShippingRuleRequestDto,
    @RequestAuditSource() source: AuditSource,
  ): Promise<ShippingRuleDto> {
    return this.createRule.execute({ teamId: principal.teamId, body, source });
  }

  @Get()
  @ApiOkResponse({ type: ShippingRuleListResponseDto })
  @ApiErrorResponses()
  list(@CurrentPrincipal() principal: Principal): Promise<ShippingRuleListResponseDto> {
    return this.listRules.execute({ teamId: principal.teamId });
  }

  @Get(':id')
  @ApiOkResponse({ type: ShippingRuleDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also another team's rule)" })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ShippingRuleDto> {
    return this.getRule.execute({ teamId: principal.teamId, id });
  }

  @Put(':id')
  @ApiOkResponse({ type: ShippingRuleDto, description: 'the whole rule replaced' })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also another team's rule)", 422: INVALID_RULE })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ShippingRuleRequestDto,
    @RequestAuditSource() source: AuditSource,
  ): Promise<ShippingRuleDto> {
    return this.updateRule.execute({ teamId: principal.teamId, id, body, source });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted: it no longer applies to rates or batches.' })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (also another team's rule)" })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @RequestAuditSource() source: AuditSource,
  ): Promise<void> {
    await this.deleteRule.execute({ teamId: principal.teamId, id, source });
  }
}
