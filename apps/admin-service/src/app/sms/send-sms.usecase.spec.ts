import type { AuditLog, AuditRecord } from '../audit/audit-log';
import type { SmsCampaignRecord, SmsCampaignRepository } from './sms-campaign.repository';
import { SendSmsUseCase, type SmsRequestPublisher } from './send-sms.usecase';

class FakeCampaigns implements SmsCampaignRepository {
  readonly items: SmsCampaignRecord[] = [];
  async create(campaign: SmsCampaignRecord) {
    this.items.push(campaign);
  }
  async remove(campaignId: string) {
    this.items.splice(this.items.findIndex((c) => c.campaignId === campaignId), 1);
  }
  async latest(page: number, limit: number) {
    const sorted = [...this.items].reverse();
    return { items: sorted.slice((page - 1) * limit, page * limit), total: sorted.length };
  }
  async setCounts() {
    return true;
  }
}

const admin = { username: 'chief', role: 'admin' as const, tokenId: 't', expiresAt: 0 };
const origin = { headers: {} };

function setup(publish: SmsRequestPublisher['publish'] = async () => undefined) {
  const campaigns = new FakeCampaigns();
  const published: unknown[] = [];
  const audited: AuditRecord[] = [];
  const useCase = new SendSmsUseCase(
    campaigns,
    {
      publish: async (payload, key) => {
        await publish(payload, key);
        published.push(payload);
      },
    },
    { sizes: async () => ({ all: 12, paid: 7, unpaid: 5, 'hall-ticket': 3, 'consent-pending': 4 }) },
    { portalUrl: 'https://kbe.example.org' },
    { now: () => new Date('2025-10-01T10:00:00Z') },
    {
      record: async (_admin: unknown, _from: unknown, entry: AuditRecord) => {
        audited.push(entry);
      },
      addressOf: () => 'ip',
    } as unknown as AuditLog,
  );
  return { useCase, campaigns, published, audited };
}

describe('SendSmsUseCase', () => {
  it('normalises a single number, stores the campaign and publishes one request', async () => {
    const { useCase, campaigns, published } = setup();
    const result = await useCase.sendOne(admin, origin, '+91 98765-43210', 'Exam on Sunday', 'custom');
    expect(result).toEqual({ message: '1 message queued for delivery', data: { successCount: 1, failureCount: 0, campaignId: expect.any(String) } });
    expect(campaigns.items[0]).toMatchObject({ recipients: '9876543210', recipientCount: 1, queuedCount: 1 });
    expect(published).toEqual([
      {
        campaignId: result.data.campaignId,
        messageType: 'custom',
        audience: { kind: 'recipients', recipients: [{ phoneNumber: '9876543210' }] },
        message: 'Exam on Sunday',
        requestedBy: 'chief',
      },
    ]);
  });

  it('audits a single send with the number masked to its last four digits, a group send with the group', async () => {
    const { useCase, audited } = setup();
    const single = await useCase.sendOne(admin, origin, '+91 98765-43210', 'Exam on Sunday', 'custom');
    await useCase.sendToGroup(admin, origin, 'paid', 'Hello', 'custom');
    expect(audited).toEqual([
      {
        action: 'sms.send',
        target: { type: 'sms-campaign', id: single.data.campaignId },
        details: { type: 'custom', recipients: '******3210', recipientCount: 1 },
      },
      { action: 'sms.send', target: { type: 'sms-campaign', id: expect.any(String) }, details: { type: 'custom', recipients: 'paid', recipientCount: 7 } },
    ]);
    expect(JSON.stringify(audited)).not.toContain('9876543210');
  });

  it('refuses a number that is not 10 digits, before anything is stored', async () => {
    const { useCase, campaigns } = setup();
    await expect(useCase.sendOne(admin, origin, '12345', 'Hi', 'custom')).rejects.toMatchObject({
      status: 400,
      message: 'Please enter a 10-digit mobile number.',
    });
    expect(campaigns.items).toHaveLength(0);
  });

  it('sends a template to a group with its live size and the portal address, no OTP', async () => {
    const { useCase, published } = setup();
    const result = await useCase.sendTemplate(admin, origin, 'paid', 'status');
    expect(result.data.successCount).toBe(7);
    const payload = published[0] as { message: string; audience: unknown; messageType: string };
    expect(payload.audience).toEqual({ kind: 'group', group: 'paid' });
    expect(payload.messageType).toBe('status');
    expect(payload.message).toContain('{candidateCode}');
    expect(payload.message).toContain('https://kbe.example.org');
    expect(payload.message).not.toMatch(/OTP/i);
  });

  it('answers the templates as a campaign carries them, which the SMS tab previews', async () => {
    const { useCase, published } = setup();
    const templates = useCase.templates();
    expect(templates.map((t) => t.template)).toEqual(['status', 'hall-ticket', 'certificate']);
    expect(templates[0].text).toBe('KBE Young Scientist: registration {candidateCode} is confirmed. Check your status at https://kbe.example.org');
    await useCase.sendTemplate(admin, origin, 'all', 'hall-ticket');
    expect((published[0] as { message: string }).message).toBe(templates[1].text);
  });

  it('counts the queued messages in words that agree with the number', async () => {
    const { useCase } = setup();
    expect((await useCase.sendToGroup(admin, origin, 'paid', 'Hello', 'custom')).message).toBe('7 messages queued for delivery');
  });

  it('keeps no campaign when the request could not be queued', async () => {
    const { useCase, campaigns } = setup(async () => {
      throw new Error('mongo down');
    });
    await expect(useCase.sendToGroup(admin, origin, 'all', 'Hello', 'custom')).rejects.toMatchObject({ status: 503 });
    expect(campaigns.items).toHaveLength(0);
  });

  it('lists the history latest first with the counters', async () => {
    const { useCase } = setup();
    await useCase.sendOne(admin, origin, '9876543210', 'one', 'custom');
    await useCase.sendToGroup(admin, origin, 'unpaid', 'two', 'custom');
    const history = await useCase.history(1, 5);
    expect(history.history.map((item) => item.message)).toEqual(['two', 'one']);
    expect(history.history[0]).toMatchObject({ recipients: 'unpaid', recipientCount: 5, successCount: 0, failedCount: 0, queuedCount: 5 });
    expect(history.pagination).toEqual({ current: 1, pages: 1, total: 2 });
  });
});
