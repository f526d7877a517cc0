export * from './target-address-guard';
export * from './webhook-http.sender';
export * from './standard-webhooks.signer';
export * from './aes-gcm-secret.cipher';
