import { ApiProperty } from '@nestjs/swagger';
import { ShippingRuleActionDto, ShippingRuleConditionsDto } from './shipping-rule.request.dto';

export class ShippingRuleDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() priority: number;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: ShippingRuleConditionsDto }) conditions: ShippingRuleConditionsDto;
  @ApiProperty({ type: ShippingRuleActionDto }) action: ShippingRuleActionDto;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class ShippingRuleListResponseDto {
  @ApiProperty({ type: [ShippingRuleDto], description: 'in the order they are tried: priority, then the rule created first' })
  shipping_rules: ShippingRuleDto[];
}
