import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RENDERER_STATUS, RendererStatusPort } from '@lgw/application';
import { DATA_SOURCE, REDIS } from '@lgw/runtime';

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
   * Ready only when the database and, where configured, Redis answer (`checks`). `features`
   * reports what runs degraded without taking the pod out of the load balancer: without a
   * browser every route but label and invoice PDFs still works (docs/adr/0034).
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    checks.database = await probe(() => this.dataSource.query('SELECT 1'));
    if (this.redis) checks.redis = await probe(() => this.redis!.ping());
    const ok = Object.values(checks).every((c) => c === 'ok');
    reply.code(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'unavailable',
      checks,
      features: { labels: this.renderer.availability().available ? 'ok' : 'unavailable' },
    };
  }
}

interface ReadinessReport {
  status: string;
  checks: Record<string, string>;
  features: { labels: 'ok' | 'unavailable' };
}

async function probe(check: () => Promise<unknown>): Promise<string> {
  try {
    await withTimeout(check(), 2000);
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
