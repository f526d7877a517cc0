import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, pathOf, REQUEST_ID_HEADER, uncounted } from './api-access.hook';
import { sendError } from './send-error';

/** Every error leaves as the docs/api.md §7 envelope; stacks and SQL stay in the logs. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  /** `defaultLimit`: the rate-limit headers of an answer the access gate never saw. */
  constructor(private readonly defaultLimit?: number) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    // Fastify's 404 router answers a malformed URL under a method no route has straight from the
    // not-found handler, without the hooks: such an answer still carries the headers, uncounted.
    if (this.defaultLimit !== undefined && !reply.sent && !reply.hasHeader(REQUEST_ID_HEADER)) {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (isApiPath(pathOf(request.url))) uncounted(reply, this.defaultLimit);
    }
    sendError(request, reply, exception);
  }
}
