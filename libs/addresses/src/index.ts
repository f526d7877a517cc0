export * from './adapters/cached-address-directory';
export * from './adapters/spl-address.client';
export * from './addresses.module';
export * from './application/destination-address-check';
export * from './application/ports/address-directory.port';
export * from './domain/address-warnings';
export * from './http/addresses-http.module';
export * from './http/dto/address.request.dto';
