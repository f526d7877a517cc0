import { Module } from '@nestjs/common';
import { AddressesHttpController } from './http/addresses.http.controller';

/** National Address verification (docs/adr/0052); the directory port and use case are bound in the composition root. */
@Module({ controllers: [AddressesHttpController] })
export class AddressesModule {}
