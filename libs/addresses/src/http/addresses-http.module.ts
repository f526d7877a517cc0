import { Module } from '@nestjs/common';
import { AddressesHttpController } from './addresses.http.controller';

/** National Address verification (docs/adr/0052); the directory port and use case are bound by the context's module. */
@Module({ controllers: [AddressesHttpController] })
export class AddressesHttpModule {}
