import { Logger } from '@nestjs/common';
import type { SmsProvider, SmsSendReceipt, SmsSendRequest } from './sms-provider';

/** Development: logs each SMS (number masked) instead of sending it; the delivery log records it as sent. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly honoursIdempotencyKey = true;
  private readonly logger = new Logger('ConsoleSms');

  refusal(): string | null {
    return null;
  }

  async send(request: SmsSendRequest): Promise<SmsSendReceipt> {
    for (const message of request.messages) {
      this.logger.log(`SMS to ******${message.to.slice(-4)} (${request.encoding}, ${request.messageType}): ${message.text}`);
    }
    return { providerMessageId: `console-${request.idempotencyKey}` };
  }
}
