import { deliveryReportBodySchema, finalReports } from './delivery-report';

describe('MSG91 delivery reports', () => {
  it('keeps final states: 1 delivered, failure codes with their description; ignores pending ones', () => {
    const body = deliveryReportBodySchema.parse({
      data: [
        { requestId: 'r1', report: [{ number: '919876543210', status: '1', desc: 'DELIVERED' }] },
        { requestId: 'r2', report: [{ number: '919876543211', status: 16, desc: 'REJECTED' }] },
        { requestId: 'r3', report: [{ number: '919876543212', status: '8', desc: 'SUBMITTED' }] },
      ],
    });
    expect(finalReports(body)).toEqual([
      { providerMessageId: 'r1', number: '919876543210', status: 'delivered', reason: null },
      { providerMessageId: 'r2', number: '919876543211', status: 'failed', reason: 'Undelivered: REJECTED' },
    ]);
  });

  it('accepts a bare list and refuses a body without request ids', () => {
    expect(deliveryReportBodySchema.safeParse([{ requestId: 'r', report: [{ status: '2' }] }]).success).toBe(true);
    expect(deliveryReportBodySchema.safeParse({ data: [{ report: [] }] }).success).toBe(false);
  });
});
