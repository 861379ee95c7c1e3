import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fillSmsPlaceholders, SMS_TEMPLATES } from '@kbe/contracts';

import { createFakeAdminServer, ok, pagination, renderAdmin } from './fake-admin-server.testing';
import { SmsTab } from './sms-tab';

/** admin-service's templates: the portal address filled in, `{candidateCode}` left for each recipient. */
const templatesAt = (portalUrl: string) =>
  ok({
    templates: (['status', 'hall-ticket', 'certificate'] as const).map((template) => ({
      template,
      text: fillSmsPlaceholders(SMS_TEMPLATES[template], { portalUrl }),
    })),
  });

function setup(portalUrl = 'https://kbe.example.org') {
  const server = createFakeAdminServer();
  server.on('GET /api/sms/history', () => ok({ history: [], pagination: pagination(0) }));
  server.on('GET /api/sms/templates', () => templatesAt(portalUrl));
  server.on('GET /api/sms/recipient-groups', () =>
    ok({
      groups: [
        { group: 'all', label: 'All candidates', size: 12 },
        { group: 'paid', label: 'Fees paid', size: 7 },
        { group: 'unpaid', label: 'Fees unpaid', size: 5 },
        { group: 'hall-ticket', label: 'Hall ticket released', size: 1 },
      ],
    }),
  );
  renderAdmin(<SmsTab />, { server });
  return server;
}

const chooseCustom = () => fireEvent.change(screen.getByLabelText('Message type'), { target: { value: 'custom' } });
const type = (text: string) => fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
const text = (testId: string) => screen.getByTestId(testId).textContent;
const preview = () => text('sms-template-preview');
const sizesLoaded = () => waitFor(() => expect(within(screen.getByLabelText('Recipients')).getByRole('option', { name: 'Fees paid (7)' })).toBeTruthy());

describe('SMS tab', () => {
  it('counts a custom message live against 160 characters, with its SMS parts and what the campaign costs', async () => {
    setup();
    chooseCustom();
    expect(text('sms-counter')).toBe('0/160 characters');
    expect(screen.queryByTestId('sms-parts')).toBeNull();
    expect(screen.getByText(/^At most 160 characters\./)).toBeTruthy();
    await sizesLoaded();
    type('Exam on Sunday at 10 am.');
    expect(text('sms-counter')).toBe('24/160 characters');
    expect(text('sms-parts')).toBe('1 SMS part per recipient (GSM-7, 24 of 160 characters)');
    expect(text('sms-cost')).toBe('This campaign will cost 12 SMS (1 part × 12 recipients).');
    fireEvent.change(screen.getByLabelText('Recipients'), { target: { value: 'hall-ticket' } });
    expect(text('sms-cost')).toBe('This campaign will cost 1 SMS (1 part × 1 recipient).');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).maxLength).toBe(160);
  });

  it('counts { } [ ] ~ \\ | ^ € twice, and a long GSM-7 text in parts of 153', async () => {
    setup();
    chooseCustom();
    await sizesLoaded();
    type('Fees: €270 [paid] {ok}');
    expect(text('sms-counter')).toBe('22/160 characters');
    expect(text('sms-parts')).toBe('1 SMS part per recipient (GSM-7, 27 of 160 characters; { } [ ] ~ \\ | ^ € count as 2)');
    type(`${'a'.repeat(150)}[]{}~`);
    expect(text('sms-parts')).toBe('1 SMS part per recipient (GSM-7, 160 of 160 characters; { } [ ] ~ \\ | ^ € count as 2)');
    type(`${'a'.repeat(150)}[]{}~€`);
    expect(text('sms-counter')).toBe('156/160 characters');
    expect(text('sms-parts')).toBe('2 SMS parts per recipient (GSM-7, 162 characters, 153 per part; { } [ ] ~ \\ | ^ € count as 2)');
    expect(text('sms-cost')).toBe('This campaign will cost 24 SMS (2 parts × 12 recipients).');
  });

  it('sends Devanagari as Unicode: 70 characters in one SMS, 67 per part beyond', async () => {
    setup();
    chooseCustom();
    await sizesLoaded();
    fireEvent.change(screen.getByLabelText('Recipients'), { target: { value: 'paid' } });
    type('न'.repeat(70));
    expect(text('sms-parts')).toBe('1 SMS part per recipient (Unicode, 70 of 70 characters)');
    type('परीक्षा रविवारी सकाळी दहा वाजता आहे. कृपया वेळेवर या आणि हॉल तिकीट सोबत आणा.');
    expect(text('sms-counter')).toBe('76/160 characters');
    expect(text('sms-parts')).toBe('2 SMS parts per recipient (Unicode, 76 characters, 67 per part)');
    expect(text('sms-cost')).toBe('This campaign will cost 14 SMS (2 parts × 7 recipients).');
  });

  it('shows a bulk template as a candidate receives it, placeholders filled, and counts that text', async () => {
    setup();
    const sent = 'KBE Young Scientist: registration KBE123456ABC is confirmed. Check your status at https://kbe.example.org';
    await waitFor(() => expect(preview()).toBe(sent));
    expect(preview()).not.toMatch(/[{}]/);
    expect(screen.getByText('As candidate KBE123456ABC receives it; every candidate gets their own ID.')).toBeTruthy();
    expect(text('sms-counter')).toBe(`${sent.length}/160 characters`);
    expect(text('sms-parts')).toBe(`1 SMS part per recipient (GSM-7, ${sent.length} of 160 characters)`);
    await sizesLoaded();
    expect(text('sms-cost')).toBe('This campaign will cost 12 SMS (1 part × 12 recipients).');
  });

  it('fills a candidate code typed into a bulk custom message like the server does, and counts what is sent', async () => {
    setup();
    chooseCustom();
    type('Your ID {candidateCode}');
    expect(text('sms-message-preview')).toBe('As sent: Your ID KBE123456ABC');
    expect(text('sms-counter')).toBe('23/160 characters');
    expect(text('sms-parts')).toBe('1 SMS part per recipient (GSM-7, 20 of 160 characters)');
  });

  it('sends a single template as previewed, and refuses one the server would refuse as too long', async () => {
    const server = setup();
    server.on('POST /api/sms/send', () => ({
      body: { success: true, message: '1 message queued for delivery', data: { successCount: 1, failureCount: 0, campaignId: 'c1' } },
    }));
    fireEvent.click(screen.getByLabelText('Single (one number)'));
    fireEvent.change(screen.getByLabelText('Message type'), { target: { value: 'hall-ticket' } });
    const sent = 'KBE Young Scientist: the hall ticket of your registration is released. Download it at https://kbe.example.org with your candidate ID.';
    await waitFor(() => expect(preview()).toBe(sent));
    expect(text('sms-cost')).toBe('This campaign will cost 1 SMS (1 part × 1 recipient).');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '98765 43210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('1 message queued for delivery')).toBeTruthy();
    expect(server.calls('POST', '/api/sms/send')[0].body).toEqual({ phoneNumber: '98765 43210', message: sent, messageType: 'hall-ticket' });
  });

  it('says so before sending when a single template is over 160 characters, as the server would', async () => {
    const server = setup('https://kbe-young-scientist.example.org/einstein-quest/downloads');
    fireEvent.click(screen.getByLabelText('Single (one number)'));
    fireEvent.change(screen.getByLabelText('Message type'), { target: { value: 'hall-ticket' } });
    await waitFor(() => expect(preview()).toContain('https://kbe-young-scientist.example.org'));
    expect(text('sms-counter')).toBe(`${preview()?.length}/160 characters`);
    expect(text('sms-too-long')).toBe('The message must be at most 160 characters.');
    expect(text('sms-parts')).toMatch(/^2 SMS parts per recipient \(GSM-7, \d+ characters, 153 per part\)$/);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('SMS Failed')).toBeTruthy();
    expect(server.calls('POST', '/api/sms/send')).toHaveLength(0);
  });

  it("refuses a blank custom message ('Message Required') and a blank phone number ('Phone Number Required') without calling the server", async () => {
    const server = setup();
    chooseCustom();
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Please enter a custom message.')).toBeTruthy();
    expect(screen.getByText('Message Required')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Single (one number)'));
    type('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Please enter a phone number.')).toBeTruthy();
    expect(server.calls('POST', '/api/sms/send')).toHaveLength(0);
  });

  it("sends a bulk template, says 'SMS Sent Successfully' with the server's message and reloads the history", async () => {
    const server = setup();
    server.on('POST /api/sms/send-template', () => ({
      body: { success: true, message: '7 messages queued for delivery', data: { successCount: 7, failureCount: 0, campaignId: 'c1' } },
    }));
    fireEvent.change(screen.getByLabelText('Recipients'), { target: { value: 'paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('7 messages queued for delivery')).toBeTruthy();
    expect(screen.getByText('SMS Sent Successfully')).toBeTruthy();
    expect(server.calls('POST', '/api/sms/send-template')[0].body).toEqual({ recipients: 'paid', template: 'status', data: {} });
    await waitFor(() => expect(server.calls('GET', '/api/sms/history').length).toBe(2));
  });

  it("shows 'SMS Failed' with the server's error, the field's message alone for a refused number", async () => {
    const server = setup();
    server.on('POST /api/sms/send', () => ({
      status: 400,
      body: {
        statusCode: 400,
        message: 'Please enter a 10-digit mobile number.',
        errors: [{ field: 'phoneNumber', message: 'Please enter a 10-digit mobile number.' }],
      },
    }));
    fireEvent.click(screen.getByLabelText('Single (one number)'));
    chooseCustom();
    type('Hello');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('SMS Failed')).toBeTruthy();
    expect(screen.getByText('Please enter a 10-digit mobile number.')).toBeTruthy();
    // What was typed survives the failure.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('counts the recipients of past campaigns in words that agree with the number', async () => {
    const server = setup();
    const item = { id: 'c1', type: 'custom', message: 'Hi', requestedBy: 'asha', timestamp: '2025-10-01T10:00:00.000Z', successCount: 1, failedCount: 0, queuedCount: 0 };
    server.on('GET /api/sms/history', () =>
      ok({ history: [{ ...item, recipients: '9876543210', recipientCount: 1 }, { ...item, id: 'c2', recipients: 'paid', recipientCount: 7 }], pagination: pagination(2) }),
    );
    fireEvent.change(screen.getByLabelText('Recipients'), { target: { value: 'paid' } });
    server.on('POST /api/sms/send-template', () => ({ body: { success: true, message: 'queued', data: { successCount: 7, failureCount: 0, campaignId: 'c2' } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('1 recipient: 1 delivered, 0 failed, 0 queued')).toBeTruthy();
    expect(screen.getByText('7 recipients: 1 delivered, 0 failed, 0 queued')).toBeTruthy();
  });
});
