import { createEventEnvelope, type CandidateLanguage } from '@kbe/contracts';
import type { EventEnvelope } from '@kbe/server-messaging';
import type { NotificationsConfig } from '../../notifications.config';
import type { FanOutRequest, FanOutUseCase } from '../campaigns/fan-out.usecase';
import type { CandidateContact, RecipientDirectory } from '../campaigns/recipient-directory';
import { SmsEventsController } from './sms-events.controller';

function setup(contacts: Record<string, CandidateContact> = {}, onRegistered = false) {
  const requests: FanOutRequest[] = [];
  const fanOut = { execute: async (request: FanOutRequest) => void requests.push(request) } as unknown as FanOutUseCase;
  const config = { SMS_PORTAL_URL: 'kbe.example.org', SMS_ON_DOCUMENT_RELEASED: true, SMS_ON_CANDIDATE_REGISTERED: onRegistered } as NotificationsConfig;
  const directory = { contactOf: async (code: string) => contacts[code] ?? null } as unknown as RecipientDirectory;
  return { requests, controller: new SmsEventsController(fanOut, directory, config) };
}

const otpEvent = (expiresAt: Date, language?: CandidateLanguage) =>
  createEventEnvelope('otp.requested', {
    purpose: 'parental-consent',
    subject: 'KBE123456ABC',
    phoneNumber: '9876505678',
    code: '482913',
    expiresAt: expiresAt.toISOString(),
    ...(language ? { language } : {}),
  }) as unknown as EventEnvelope;

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

describe("event SMS in the candidate's language", () => {
  it('words the consent code in the language the event names, under that language\'s message type', async () => {
    const { controller, requests } = setup();
    await controller.otpRequested(otpEvent(new Date(Date.now() + 600_000), 'mr'));
    await controller.otpRequested(otpEvent(new Date(Date.now() + 600_000), 'hi'));
    expect(requests.map((request) => request.messageType)).toEqual(['consent-otp.mr', 'consent-otp.hi']);
    expect(requests[0].message).toBe(
      'KBE Young Scientist: विद्यार्थी {candidateCode} साठी पालकांची संमती देण्याचा कोड 482913 आहे. १० मिनिटे वैध; कोणालाही सांगू नका. सूचना: kbe.example.org/mr/einstein-quest/parental-consent/{candidateCode}',
    );
    expect(requests[1].message).toContain('अभिभावक की सहमति देने का कोड 482913 है।');
  });

  it("words a release in the language the candidate's record has now, and in English for a record without one", async () => {
    const { controller, requests } = setup({
      KBE111111AAA: { phoneNumber: '9876500001', language: 'mr' },
      KBE222222BBB: { phoneNumber: '9876500002', language: 'hi' },
      KBE333333CCC: { phoneNumber: '9876500003', language: 'en' },
    });
    const released = (candidateCode: string) =>
      createEventEnvelope('hall-ticket.released', { candidateCode, releasedAt: new Date().toISOString(), releasedBy: 'admin' }) as unknown as EventEnvelope;
    await controller.hallTicketReleased(released('KBE111111AAA'));
    await controller.certificateReleased(released('KBE222222BBB'));
    await controller.hallTicketReleased(released('KBE333333CCC'));
    await controller.hallTicketReleased(released('KBE000000ZZZ'));
    expect(requests.map((request) => [request.messageType, request.audience])).toEqual([
      ['hall-ticket.mr', { kind: 'recipients', recipients: [{ candidateCode: 'KBE111111AAA', phoneNumber: '9876500001' }] }],
      ['certificate.hi', { kind: 'recipients', recipients: [{ candidateCode: 'KBE222222BBB', phoneNumber: '9876500002' }] }],
      ['hall-ticket', { kind: 'recipients', recipients: [{ candidateCode: 'KBE333333CCC', phoneNumber: '9876500003' }] }],
      ['hall-ticket', { kind: 'recipients', recipients: [{ candidateCode: 'KBE000000ZZZ', phoneNumber: '' }] }],
    ]);
    expect(requests[0].message).toBe(
      'KBE Young Scientist: आपले प्रवेशपत्र जारी झाले आहे. विद्यार्थी क्रमांक {candidateCode} वापरून ते kbe.example.org वरून डाउनलोड करा.',
    );
    expect(requests[1].message).toContain('आपका प्रमाणपत्र जारी हो गया है।');
    expect(requests[2].message).toBe('KBE Young Scientist: your hall ticket is released. Download it on kbe.example.org with candidate ID {candidateCode}.');
  });

  it('words the registration SMS in the language of the registration, English when the event names none', async () => {
    const { controller, requests } = setup({}, true);
    const registered = (language?: CandidateLanguage) =>
      createEventEnvelope('candidate.registered', {
        candidateCode: 'KBE123456ABC',
        mentorCode: 'MEN-4HT9PA',
        fullName: 'Aarav Patil',
        phoneNumber: '9876501234',
        kbeCategory: 'Sec',
        feesPaid: false,
        ...(language ? { language } : {}),
      }) as unknown as EventEnvelope;
    await controller.candidateRegistered(registered('hi'));
    await controller.candidateRegistered(registered());
    expect(requests.map((request) => request.messageType)).toEqual(['registration.hi', 'registration']);
    expect(requests[0].message).toContain('पंजीकरण पूरा हुआ।');
    expect(requests[1].message).toContain('registration received');
  });
});

describe("the guardian's SMS of an approved correction", () => {
  const corrected = (candidateCode: string) =>
    createEventEnvelope('candidate.corrected', { candidateCode, correctionId: 'CR000001', fields: ['personalDetails.fullName'], correctedAt: new Date().toISOString(), decidedBy: 'chief' }) as unknown as EventEnvelope;

  it("goes to the guardian's own mobile (else the contact number) in the candidate's language, and to no one for an unknown candidate", async () => {
    const { controller, requests } = setup({
      KBE111111AAA: { phoneNumber: '9876500001', language: 'hi', guardianPhoneNumber: '9123400001' },
      KBE222222BBB: { phoneNumber: '9876500002', language: 'en' },
    });
    const first = corrected('KBE111111AAA');
    await controller.candidateCorrected(first);
    await controller.candidateCorrected(corrected('KBE222222BBB'));
    await controller.candidateCorrected(corrected('KBE000000ZZZ'));
    await controller.candidateCorrected({ ...corrected('KBE222222BBB'), payload: { candidateCode: 'KBE222222BBB' } } as unknown as EventEnvelope);
    expect(requests.map((request) => [request.messageType, request.requestedBy, request.audience])).toEqual([
      ['correction.hi', 'chief', { kind: 'recipients', recipients: [{ candidateCode: 'KBE111111AAA', phoneNumber: '9123400001' }] }],
      ['correction', 'chief', { kind: 'recipients', recipients: [{ candidateCode: 'KBE222222BBB', phoneNumber: '9876500002' }] }],
    ]);
    expect(requests[0]).toMatchObject({ eventId: first.id, campaignId: `event:${first.id}` });
    expect(requests[0]?.message).toContain('विद्यार्थी {candidateCode} का विवरण');
  });
});

describe("the guardian's SMS of a changed exam seat", () => {
  const seatChanged = (candidateCode: string) =>
    createEventEnvelope('candidate.seat-changed', { candidateCode, rollNumber: 'M-21-001-0001-4', centreCode: 'NSK01', room: 'R2', changedAt: new Date().toISOString() }) as unknown as EventEnvelope;

  it("goes to the guardian's own mobile (else the contact number) in the candidate's language, and to no one for an unknown candidate", async () => {
    const { controller, requests } = setup({
      KBE111111AAA: { phoneNumber: '9876500001', language: 'mr', guardianPhoneNumber: '9123400001' },
      KBE222222BBB: { phoneNumber: '9876500002', language: 'en' },
    });
    await controller.candidateSeatChanged(seatChanged('KBE111111AAA'));
    await controller.candidateSeatChanged(seatChanged('KBE222222BBB'));
    await controller.candidateSeatChanged(seatChanged('KBE000000ZZZ'));
    expect(requests.map((request) => [request.messageType, request.requestedBy, request.audience])).toEqual([
      ['seat-change.mr', 'seat-allocation', { kind: 'recipients', recipients: [{ candidateCode: 'KBE111111AAA', phoneNumber: '9123400001' }] }],
      ['seat-change', 'seat-allocation', { kind: 'recipients', recipients: [{ candidateCode: 'KBE222222BBB', phoneNumber: '9876500002' }] }],
    ]);
    expect(requests[1]?.message).toContain('the exam seat of candidate {candidateCode} has changed');
  });
});

describe("the guardian's SMS of a published result", () => {
  const resultPublished = (candidateCode: string, fields: Record<string, unknown> = {}) =>
    createEventEnvelope('candidate.result-published', {
      candidateCode,
      phoneNumber: '9123400001',
      language: 'mr',
      level: 'Mains',
      category: 'Sec',
      score: 82.5,
      maxMarks: 100,
      absent: false,
      rank: 2,
      medal: 'silver',
      qualified: true,
      nextLevel: 'Advanced',
      publishedAt: '2027-03-01T10:00:00.000Z',
      ...fields,
    } as never) as unknown as EventEnvelope;

  it("goes to the number the event carries, in the candidate's language, with the score, rank, medal and what comes next", async () => {
    const { controller, requests } = setup();
    const event = resultPublished('KBE111111AAA');
    await controller.candidateResultPublished(event);
    await controller.candidateResultPublished(resultPublished('KBE222222BBB', { language: 'en', qualified: false, nextLevel: null, medal: null, rank: 140, score: 31 }));
    expect(requests).toEqual([
      {
        eventId: event.id,
        campaignId: `event:${event.id}`,
        messageType: 'result-qualified.mr',
        message: 'KBE Young Scientist: {candidateCode} Mains: ८२.५/१००, Sec क्रमांक २ (रौप्य). Advanced साठी पात्र; शुल्क मार्गदर्शकांकडे भरा.',
        requestedBy: 'results',
        audience: { kind: 'recipients', recipients: [{ candidateCode: 'KBE111111AAA', phoneNumber: '9123400001' }] },
      },
      expect.objectContaining({ messageType: 'result', message: expect.stringContaining('Sec rank 140. Thank you for taking part') }),
    ]);
  });

  it('sends nothing to an absentee, or for a malformed event', async () => {
    const { controller, requests } = setup();
    await controller.candidateResultPublished(resultPublished('KBE111111AAA', { absent: true, score: null, rank: null, medal: null, qualified: false, nextLevel: null }));
    await controller.candidateResultPublished({ ...resultPublished('KBE111111AAA'), payload: { candidateCode: 'KBE111111AAA' } } as unknown as EventEnvelope);
    expect(requests).toEqual([]);
  });
});
