/**
 * @jest-environment node
 */
import { createHttpClient } from '@kbe/api-client';
import { sendContactMessage } from './contact-message.api';

describe('sendContactMessage', () => {
  it('POSTs the five fields as JSON to /api/contact and rejects on a server error', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const ok = createHttpClient({
      fetch: async (url, init) => {
        calls.push({ url: String(url), init });
        return new Response(JSON.stringify({ success: true }), { status: 201, headers: { 'content-type': 'application/json' } });
      },
    });
    const message = { firstName: 'Asha', lastName: 'Patil', email: 'a@example.org', gradeLevel: 'Teacher', message: 'Hello there, team!' };
    await sendContactMessage(message, ok);
    expect(calls[0].url).toBe('/api/contact');
    expect(calls[0].init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual(message);

    const failing = createHttpClient({
      fetch: async () => new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429, headers: { 'content-type': 'application/json' } }),
    });
    await expect(sendContactMessage(message, failing)).rejects.toThrow('Too many requests');
  });
});
