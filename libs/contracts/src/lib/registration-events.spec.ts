import { EVENT_TOPICS, EVENT_TYPES, createEventEnvelope, parseEventEnvelope } from './registration-events';

describe('event catalogue', () => {
  it('names the thirteen topics', () => {
    expect([...EVENT_TYPES].sort()).toEqual(
      [
        'candidate.changed',
        'candidate.corrected',
        'candidate.erased',
        'candidate.registered',
        'candidate.seat-changed',
        'candidate.result-published',
        'certificate.released',
        'download-attempts.changed',
        'hall-ticket.released',
        'mentor.registered',
        'otp.requested',
        'school.registered',
        'sms.requested',
      ].sort(),
    );
    expect(EVENT_TOPICS.hallTicketReleased).toBe('hall-ticket.released');
  });

  it('wraps a payload in the outbox wire envelope: id, topic, time and payload', () => {
    const event = createEventEnvelope(
      'school.registered',
      { schoolCode: 'SCH-7KQ2XM', schoolName: 'Nashik Model School', city: 'Nashik', contact: '9876543210' },
      { id: 'evt-1', now: () => new Date('2025-09-01T04:30:00Z') },
    );
    expect(event).toEqual({
      id: 'evt-1',
      topic: 'school.registered',
      occurredAt: '2025-09-01T04:30:00.000Z',
      payload: { schoolCode: 'SCH-7KQ2XM', schoolName: 'Nashik Model School', city: 'Nashik', contact: '9876543210' },
    });
    expect(createEventEnvelope('hall-ticket.released', {
      candidateCode: 'KBE123456K7Q', releasedAt: '2025-09-01T04:30:00.000Z', releasedBy: 'admin',
    }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries a one-time code only as digits, with its expiry', () => {
    const payload = { purpose: 'parental-consent', subject: 'KBE123456K7Q', phoneNumber: '9876505678', code: '482913', expiresAt: '2026-11-27T04:40:00.000Z' };
    const raw = JSON.parse(JSON.stringify(createEventEnvelope('otp.requested', payload as never)));
    expect(parseEventEnvelope('otp.requested', raw)).toMatchObject({ ok: true, event: { payload } });
    expect(parseEventEnvelope('otp.requested', { ...raw, payload: { ...payload, code: '12ab' } }).ok).toBe(false);
    expect(parseEventEnvelope('otp.requested', { ...raw, payload: { ...payload, purpose: 'anything' } }).ok).toBe(false);
  });

  it("carries the candidate's language for the SMS it leads to; events without one still parse", () => {
    const registered = { candidateCode: 'KBE123456K7Q', mentorCode: 'MEN-4HT9PA', fullName: 'आरव पाटील', phoneNumber: '9876501234', kbeCategory: 'Sec', feesPaid: false };
    const otp = { purpose: 'parental-consent', subject: 'KBE123456K7Q', phoneNumber: '9876505678', code: '482913', expiresAt: '2026-11-27T04:40:00.000Z' };
    const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value));
    expect(parseEventEnvelope('candidate.registered', wire(createEventEnvelope('candidate.registered', { ...registered, language: 'mr' })))).toMatchObject({ ok: true, event: { payload: { language: 'mr' } } });
    expect(parseEventEnvelope('otp.requested', wire(createEventEnvelope('otp.requested', { ...otp, language: 'hi' } as never)))).toMatchObject({ ok: true, event: { payload: { language: 'hi' } } });
    const older = parseEventEnvelope('candidate.registered', wire(createEventEnvelope('candidate.registered', registered)));
    expect(older.ok && older.event.payload.language).toBeUndefined();
    expect(parseEventEnvelope('otp.requested', wire(createEventEnvelope('otp.requested', { ...otp, language: 'fr' } as never))).ok).toBe(false);
  });

  it('parses a consumed message back after JSON', () => {
    const event = createEventEnvelope('sms.requested', {
      campaignId: 'c-1',
      messageType: 'hall-ticket',
      audience: { kind: 'recipients', recipients: [{ phoneNumber: '9876501234', candidateCode: 'KBE123456K7Q' }] },
      message: 'Your hall ticket is ready.',
      requestedBy: 'admin',
    });
    const parsed = parseEventEnvelope('sms.requested', JSON.parse(JSON.stringify(event)));
    expect(parsed).toEqual({ ok: true, event });
  });

  it('carries a group audience for bulk campaigns and refuses an unknown group', () => {
    const event = createEventEnvelope('sms.requested', {
      campaignId: 'c-2',
      messageType: 'status',
      audience: { kind: 'group', group: 'paid' },
      message: 'Your registration {candidateCode} is confirmed.',
      requestedBy: 'admin',
    });
    expect(parseEventEnvelope('sms.requested', JSON.parse(JSON.stringify(event)))).toEqual({ ok: true, event });
    const unknownGroup = { ...event, payload: { ...event.payload, audience: { kind: 'group', group: 'everyone' } } };
    expect(parseEventEnvelope('sms.requested', unknownGroup).ok).toBe(false);
  });

  it('rejects a message of another type or with a bad payload, with a reason', () => {
    const event = createEventEnvelope('certificate.released', {
      candidateCode: 'KBE123456K7Q', releasedAt: '2025-09-01T04:30:00.000Z', releasedBy: 'admin',
    });
    expect(parseEventEnvelope('hall-ticket.released', event)).toEqual({
      ok: false,
      error: 'Expected event type hall-ticket.released, got certificate.released',
    });
    const bad = parseEventEnvelope('certificate.released', { ...event, payload: { candidateCode: '' } });
    expect(bad.ok).toBe(false);
    expect(parseEventEnvelope('certificate.released', 'not json').ok).toBe(false);
  });
});
