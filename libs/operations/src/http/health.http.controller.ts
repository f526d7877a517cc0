import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RENDERER_STATUS, RendererStatusPort } from '@lgw/shipping';
import { DATA_SOURCE, REDIS } from '@lgw/kernel';

@ApiExcludeController()
@Controller('health')
export class HealthHttpController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(RENDERER_STATUS) private readonly renderer: RendererStatusPort,
  ) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: string } {
    return { status: 'ok' };
  }

  /**
   * Ready while the database answers: every route needs it. Redis away leaves the replica
   * ready but degraded (docs/adr/0028-dependency-loss.md): reads, cancels, labels and
   * documents still work, rating and booking answer 503, and rate limits count per replica.
   * `features` reports what runs degraded without taking the pod out of the load balancer:
   * without a browser every route but label and invoice PDFs still works (docs/adr/0034).
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    const [database, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      this.redis ? probe(() => this.redis!.ping()) : Promise.resolve(undefined),
    ]);
    checks.database = database;
    if (redis) checks.redis = redis;
    checks.rate_limit = !redis ? 'memory' : redis === 'ok' ? 'redis' : 'memory-per-replica';
    const status = database !== 'ok' ? 'unavailable' : redis === 'down' ? 'degraded' : 'ok';
    reply.code(status === 'unavailable' ? 503 : 200);
    return { status, checks, features: { labels: this.renderer.availability().available ? 'ok' : 'unavailable' } };
  }
}

interface ReadinessReport {
  status: string;
  checks: Record<string, string>;
  features: { labels: 'ok' | 'unavailable' };
}

async function probe(check: () => Promise<unknown>): Promise<string> {
  try {
    await withTimeout(check(), 1000);
    return 'ok';
  } catch {
    return 'down';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
