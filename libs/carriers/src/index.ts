export * from './registry/carrier-catalogue';
export * from './rate-cards/rate-card.repository';
