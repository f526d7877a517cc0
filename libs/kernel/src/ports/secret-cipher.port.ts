export interface WebhookSecretCipherPort {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}

/** The cipher that seals stored secrets (webhook signing secrets, carrier credentials). */
export const WEBHOOK_SECRET_CIPHER = Symbol('WEBHOOK_SECRET_CIPHER');
