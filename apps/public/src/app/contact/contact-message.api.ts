import { createHttpClient, type HttpClient } from '@kbe/api-client';
import { API_PATHS } from '@kbe/contracts/zod-free';
import type { ContactMessage } from './contact-form.schema';

const defaultClient = createHttpClient();

/** POST /api/contact with {firstName, lastName, email, gradeLevel, message}; rejects on any failure. */
export async function sendContactMessage(message: ContactMessage, client: HttpClient = defaultClient): Promise<void> {
  const { firstName, lastName, email, gradeLevel } = message;
  await client.post<unknown>(API_PATHS.contact, { firstName, lastName, email, gradeLevel, message: message.message });
}
