import { Global, Module, Provider } from '@nestjs/common';
import { DestinationAddressCheck } from './application/destination-address-check';
import { VerifyAddressUseCase } from './application/verify-address/verify-address.use-case';

const PROVIDERS: Provider[] = [DestinationAddressCheck, VerifyAddressUseCase];

/**
 * National Address verification (the register adapter itself comes with the process: libs/runtime).
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class AddressesModule {}
