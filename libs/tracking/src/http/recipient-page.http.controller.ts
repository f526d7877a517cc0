import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, GATEWAY_SETTINGS, GatewaySettings, RATE_LIMITER, RateLimiterPort } from '@lgw/kernel';
import { ApiErrorResponses } from '@lgw/http-api';
import { ActOnDeliveryIssueUseCase } from '@lgw/shipping';
import { RecipientTrackingUseCase } from '../application/recipient-tracking/recipient-tracking.use-case';
import { RecipientTrackingDto } from './dto/recipient-tracking.response.dto';
import {
  PageLanguage,
  pageColour,
  pageLanguage,
  pageSecurityHeaders,
  renderNoticePage,
  renderTrackingPage,
  TRACKING_PAGE_CSS,
  TRACKING_PAGE_JS,
} from './recipient-page.html';
import type { RecipientTrackingView } from '../application/recipient-tracking/recipient-tracking.view';

/** Reads of one link a minute by default: a recipient refreshing, not a scraper. */
export const RECIPIENT_PAGE_PER_TOKEN_PER_MINUTE = 60;
/** Reads from one client address a minute by default, whatever the link: guessing links costs a minute per 120 tries. */
export const RECIPIENT_PAGE_PER_ADDRESS_PER_MINUTE = 120;

/**
 * The recipient's tracking page (docs/adr/0083), outside the API: no key, the token in the link
 * is the only key. Arabic (RTL) unless ?lang=en; /t/{token}.json answers the same data. Unknown
 * or malformed tokens get the same 404, and every read spends the link's and the client
 * address's budget, so links cannot be guessed at speed.
 */
@ApiTags('recipients')
@Controller('t')
export class RecipientPageHttpController {
  constructor(
    private readonly tracking: RecipientTrackingUseCase,
    private readonly actions: ActOnDeliveryIssueUseCase,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiterPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  private readonly pages = new WeakMap<RecipientTrackingView, Partial<Record<PageLanguage, Buffer>>>();

  @Get('tracking.css')
  @ApiExcludeEndpoint()
  css(@Res() reply: FastifyReply): void {
    void reply
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/css; charset=utf-8')
      .send(TRACKING_PAGE_CSS);
  }

  @Get('tracking.js')
  @ApiExcludeEndpoint()
  js(@Res() reply: FastifyReply): void {
    void reply
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(TRACKING_PAGE_JS);
  }

  @Get(':token')
  @ApiOperation({
    summary: "The recipient's tracking page",
    description:
      'HTML (Arabic, RTL; ?lang=en English), no key. `/t/{token}.json` answers the same data as JSON (RecipientTrackingDto). ' +
      'City-level places only: never the address, a phone or a price. Rate-limited per link and per client address (429).',
  })
  @ApiParam({ name: 'token', description: "the token of the shipment's tracking_url; append .json for JSON" })
  @ApiQuery({ name: 'lang', required: false, enum: ['ar', 'en'] })
  @ApiOkResponse({ type: RecipientTrackingDto, description: 'for /t/{token}.json; text/html for /t/{token}' })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND: no shipment has this link (nothing else is said)', 429: 'E_RATE_LIMITED' })
  async page(
    @Param('token') param: string,
    @Query('lang') lang: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const json = param.endsWith('.json');
    const token = json ? param.slice(0, -'.json'.length) : param;
    const language = pageLanguage(lang);
    try {
      await this.spend(token, request.ip);
      const view = await this.tracking.execute(token);
      if (json) {
        void reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').send(view);
        return;
      }
      void reply
        .headers(pageSecurityHeaders(pageColour(view)))
        .type('text/html; charset=utf-8')
        .send(this.rendered(view, token, language));
    } catch (error) {
      // The JSON and any failure but these two answer in the API's envelope (the exception filter).
      if (json) throw error;
      const code = error instanceof DomainError ? error.code : null;
      if (code === 'E_NOT_FOUND' || code === 'E_RATE_LIMITED') {
        if (code === 'E_RATE_LIMITED') void reply.header('Retry-After', '60');
        void reply
          .code(code === 'E_NOT_FOUND' ? 404 : 429)
          .headers(pageSecurityHeaders(pageColour(null)))
          .type('text/html; charset=utf-8')
          .send(renderNoticePage(language, code === 'E_NOT_FOUND' ? 'notFound' : 'busy'));
        return;
      }
      throw error;
    }
  }

  @Post(':token/actions')
  @HttpCode(200)
  @ApiOperation({
    summary: "The recipient's answer to a delivery issue",
    description:
      "{action: reattempt, reattempt_date} or {action: update_contact, phone}: the same rules as POST /api/v1/shipments/{id}/delivery-issue/actions. Answers the page's JSON.",
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['action'],
      properties: {
        action: { type: 'string', enum: ['reattempt', 'update_contact'] },
        reattempt_date: { type: 'string', format: 'date' },
        phone: { type: 'string', example: '0551234567' },
      },
    },
  })
  @ApiOkResponse({ type: RecipientTrackingDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 409: 'E_NO_OPEN_DELIVERY_ISSUE', 422: 'E_VALIDATION (every problem)', 429: 'E_RATE_LIMITED' })
  async act(
    @Param('token') token: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.spend(token, request.ip);
    const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const shipment = await this.actions
      .forRecipient(token, {
        action: fields.action,
        reattemptDate: fields.reattempt_date,
        phone: fields.phone,
      })
      .finally(() => this.tracking.forget(token));
    void reply
      .code(200)
      .header('Cache-Control', 'no-store')
      .send(await this.tracking.view(shipment));
  }

  /**
   * The page's bytes, built once per view and language: every read within the view's freshness
   * (RECIPIENT_VIEW_FRESH_MS) shares one view object, so a crowd on one link renders it once a
   * second. The view's token is its own, so no page is ever served under another link.
   */
  private rendered(view: RecipientTrackingView, token: string, language: PageLanguage): Buffer {
    let pages = this.pages.get(view);
    if (pages === undefined) this.pages.set(view, (pages = {}));
    return (pages[language] ??= Buffer.from(renderTrackingPage(view, token, language)));
  }

  private async spend(token: string, address: string): Promise<void> {
    const [byToken, byAddress] = await this.limiter.consumeAll([
      { bucket: `t:${token.slice(0, 64)}`, limit: this.settings.recipientPagePerTokenPerMinute ?? RECIPIENT_PAGE_PER_TOKEN_PER_MINUTE },
      { bucket: `t-ip:${address}`, limit: this.settings.recipientPagePerAddressPerMinute ?? RECIPIENT_PAGE_PER_ADDRESS_PER_MINUTE },
    ]);
    if (!byToken.allowed || !byAddress.allowed) throw new DomainError('E_RATE_LIMITED');
  }
}
