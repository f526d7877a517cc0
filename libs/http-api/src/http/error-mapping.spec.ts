import { DomainError } from '@lgw/kernel';
import { DEPENDENCY_RETRY_AFTER_SECONDS, mapError } from './error-mapping';
import { statusOf } from './error-envelope';

describe('mapError: a lost dependency', () => {
  it('is 503 E_SERVICE_UNAVAILABLE with Retry-After, naming the dependency for the log', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(mapError(Object.assign(new Error('query failed'), { driverError: refused }))).toEqual({
      code: 'E_SERVICE_UNAVAILABLE',
      retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
      dependency: 'database',
    });
    expect(mapError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toMatchObject({
      code: 'E_SERVICE_UNAVAILABLE',
      dependency: 'redis',
    });
    expect(statusOf('E_SERVICE_UNAVAILABLE')).toBe(503);
  });

  it('never reads as the client’s fault, whatever status the error carries', () => {
    const closed = Object.assign(new Error('Connection is closed.'), { statusCode: 400 });
    expect(mapError(closed).code).toBe('E_SERVICE_UNAVAILABLE');
  });

  it('leaves business refusals and unknown failures as they were', () => {
    expect(mapError(new DomainError('E_QUOTE_EXPIRED')).code).toBe('E_QUOTE_EXPIRED');
    expect(mapError(new Error('boom'))).toEqual({ code: 'E_INTERNAL', unexpected: true });
  });
});
