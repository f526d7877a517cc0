import { Module } from '@nestjs/common';
import { RatesHttpController } from './rates.http.controller';

/** POST /rates. */
@Module({ controllers: [RatesHttpController] })
export class RatingHttpModule {}
