import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { createFakeAdminServer, ok, pagination, renderAdmin } from './fake-admin-server.testing';
import { SmsTab } from './sms-tab';

function setup() {
  const server = createFakeAdminServer();
  server.on('GET /api/sms/history', () => ok({ history: [], pagination: pagination(0) }));
  server.on('GET /api/sms/recipient-groups', () =>
    ok({
      groups: [
        { group: 'all', label: 'All candidates', size: 12 },
        { group: 'paid', label: 'Fees paid', size: 7 },
        { group: 'unpaid', label: 'Fees unpaid', size: 5 },
        { group: 'hall-ticket', label: 'Hall ticket released', size: 3 },
      ],
    }),
  );
  renderAdmin(<SmsTab />, { server });
  return server;
}

const chooseCustom = () => fireEvent.change(screen.getByLabelText('Message type'), { target: { value: 'custom' } });
const counter = () => screen.getByTestId('sms-counter').textContent;

describe('SMS tab', () => {
  it('counts a custom message live against 160 characters', async () => {
    setup();
    chooseCustom();
    expect(counter()).toBe('0/160 characters');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Exam on Sunday at 10 am.' } });
    expect(counter()).toBe('24/160 characters');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).maxLength).toBe(160);
  });

  it('shows the SMS count for Unicode (non-Latin) text, which fits 70 characters per SMS', () => {
    setup();
    chooseCustom();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'परीक्षा रविवारी सकाळी दहा वाजता आहे. कृपया वेळेवर या आणि हॉल तिकीट सोबत आणा.' } });
    const text = counter() ?? '';
    expect(text).toMatch(/^\d+\/160 characters · 2 SMS \(Unicode text: 70 characters per SMS\)$/);
  });

  it('shows the template with its counter and the recipient groups with their live sizes', async () => {
    setup();
    expect(screen.getByTestId('sms-template-preview').textContent).toContain('{candidateCode}');
    expect(counter()).toMatch(/^\d+\/160 characters$/);
    const recipients = screen.getByLabelText('Recipients');
    await waitFor(() => expect(within(recipients).getByRole('option', { name: 'Fees paid (7)' })).toBeTruthy());
  });

  it("refuses a blank custom message ('Message Required') and a blank phone number ('Phone Number Required') without calling the server", async () => {
    const server = setup();
    chooseCustom();
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Please enter a custom message.')).toBeTruthy();
    expect(screen.getByText('Message Required')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Single (one number)'));
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Please enter a phone number.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
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

  it("shows 'SMS Failed' with the server's error", async () => {
    const server = setup();
    server.on('POST /api/sms/send-bulk', () => ({ status: 401, body: { statusCode: 401, message: 'Admin authentication required' } }));
    chooseCustom();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Admin authentication required')).toBeTruthy();
    expect(screen.getByText('SMS Failed')).toBeTruthy();
    // What was typed survives the failure.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });
});
