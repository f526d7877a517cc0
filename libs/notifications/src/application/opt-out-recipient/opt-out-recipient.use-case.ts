import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, DomainError } from '@lgw/kernel';
import { NOTICE_RECIPIENTS, NoticeRecipientsPort } from '../ports/notice-recipients.port';

/**
 * The recipient stops the team's notices from the tracking link (docs/adr/0086): the phone and
 * e-mail of that shipment, for every shipment of that team from now on; later notices are
 * SUPPRESSED. Unknown token: 404, as for the page.
 */
@Injectable()
export class OptOutRecipientUseCase {
  constructor(
    @Inject(NOTICE_RECIPIENTS) private readonly recipients: NoticeRecipientsPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(token: string): Promise<{ opted_out: true }> {
    const known = /^[A-Za-z0-9_-]{16,64}$/.test(token) && (await this.recipients.optOutByToken(token, this.clock.now()));
    if (!known) throw new DomainError('E_NOT_FOUND', { resource: 'tracking page' });
    return { opted_out: true };
  }
}
