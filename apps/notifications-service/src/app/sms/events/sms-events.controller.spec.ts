import { createEventEnvelope } from '@kbe/contracts';
import type { EventEnvelope } from '@kbe/server-messaging';
import type { NotificationsConfig } from '../../notifications.config';
import type { FanOutRequest, FanOutUseCase } from '../campaigns/fan-out.usecase';
import type { RecipientDirectory } from '../campaigns/recipient-directory';
import { SmsEventsController } from './sms-events.controller';

function setup() {
  const requests: FanOutRequest[] = [];
  const fanOut = { execute: async (request: FanOutRequest) => void requests.push(request) } as unknown as FanOutUseCase;
  const config = { SMS_PORTAL_URL: 'kbe.example.org', SMS_ON_DOCUMENT_RELEASED: true, SMS_ON_CANDIDATE_REGISTERED: false } as NotificationsConfig;
  return { requests, controller: new SmsEventsController(fanOut, {} as RecipientDirectory, config) };
}

const otpEvent = (expiresAt: Date) =>
  createEventEnvelope('otp.requested', { purpose: 'parental-consent', subject: 'KBE123456ABC', phoneNumber: '9876505678', code: '482913', expiresAt: expiresAt.toISOString() }) as unknown as EventEnvelope;

describe('the consent code SMS', () => {
  it('sends the code to the one number, with the consent page, as an event SMS of its own', async () => {
    const { controller, requests } = setup();
    const event = otpEvent(new Date(Date.now() + 600_000));
    await controller.otpRequested(event);
    expect(requests).toEqual([
      {
        eventId: event.id,
        campaignId: `event:${event.id}`,
        messageType: 'consent-otp',
        message:
          'KBE Young Scientist: 482913 is the code to give parental consent for candidate {candidateCode}. Valid 10 minutes; do not share it. Notice: kbe.example.org/einstein-quest/parental-consent/{candidateCode}',
        requestedBy: 'system',
        audience: { kind: 'recipients', recipients: [{ candidateCode: 'KBE123456ABC', phoneNumber: '9876505678' }] },
      },
    ]);
  });

  it('sends nothing for a code that expired on the way, or a malformed event', async () => {
    const { controller, requests } = setup();
    await controller.otpRequested(otpEvent(new Date(Date.now() - 1)));
    await controller.otpRequested({ ...otpEvent(new Date(Date.now() + 600_000)), payload: { code: 'x' } } as unknown as EventEnvelope);
    expect(requests).toEqual([]);
  });
});
