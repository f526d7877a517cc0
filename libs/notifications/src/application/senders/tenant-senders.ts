import { Inject, Injectable } from '@nestjs/common';
import { TenantModes } from '@lgw/access';
import {
  EMAIL_SENDER,
  EmailSenderPort,
  SMS_SENDER,
  SmsSenderPort,
  TEST_EMAIL_SENDER,
  TEST_SMS_SENDER,
  TenantSenders,
} from '../ports/notification-senders.port';

/**
 * Which providers carry a tenant's notices: the live ones for a team, the sandbox's simulators
 * for a team's test scope (docs/adr/0086, "Test mode"), as carriers are chosen per tenant.
 */
@Injectable()
export class TenantNotificationSenders {
  constructor(
    private readonly modes: TenantModes,
    @Inject(SMS_SENDER) private readonly sms: SmsSenderPort,
    @Inject(EMAIL_SENDER) private readonly email: EmailSenderPort,
    @Inject(TEST_SMS_SENDER) private readonly testSms: SmsSenderPort,
    @Inject(TEST_EMAIL_SENDER) private readonly testEmail: EmailSenderPort,
  ) {}

  async forTenant(teamId: string): Promise<TenantSenders> {
    return (await this.modes.of(teamId)) === 'test' ? { sms: this.testSms, email: this.testEmail } : { sms: this.sms, email: this.email };
  }
}
