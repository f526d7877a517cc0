import { Module } from '@nestjs/common';
import { RatesHttpController } from './rates.http.controller';
import { ShippingRulesHttpController } from './shipping-rules.http.controller';

/** POST /rates and the shipping rules that shape it. */
@Module({ controllers: [RatesHttpController, ShippingRulesHttpController] })
export class RatingHttpModule {}
