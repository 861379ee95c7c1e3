import { readFileSync } from 'node:fs';
import { ROLL_NUMBER_PATTERN, type SeatAllocationJob } from '@kbe/contracts';
import { baseUrl } from './support/browser';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * Exam operations through the edge, every service real: an admin adds a centre, allocates the
 * Mains seats, and registration-service's candidate (what the admin list and the hall ticket read)
 * carries the roll number, the centre and the exam time; a second allocation moves nobody.
 */
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';
const admin = { username: process.env['KBE_E2E_ADMIN_USERNAME'] ?? '', password: process.env['KBE_E2E_ADMIN_PASSWORD'] ?? '' };
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('exam seating: a centre, an allocation, the seat on the candidate', () => {
  let images: TestImages;
  let token: string;
  const asAdmin = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
  // a district of this run's own (outside the 36: matched by its name only), so other journeys' candidates never sit here
  const district = `Seatpur ${unique()}`;
  const centreCode = `E2E${unique().slice(-6)}`;
  const codes: string[] = [];

  async function allocate(): Promise<SeatAllocationJob> {
    const started = await api<{ data: SeatAllocationJob }>('/api/admin/seat-allocation', asAdmin(json({ level: 'Mains' })));
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const { data } = await api<{ data: SeatAllocationJob }>(`/api/admin/seat-allocation/${started.data.id}`, asAdmin());
      if (data.status === 'completed' || data.status === 'failed') return data;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the seat allocation did not finish within 60 s');
  }

  const candidate = async (code: string) => (await api<{ data: { seatNumber: string; center: string; examTime: string } }>(`/api/admin/candidates/${code}`, asAdmin())).data;

  beforeAll(async () => {
    if (!internalToken || !admin.password) throw new Error('INTERNAL_API_TOKEN and the admin account must be set (tools/test/e2e-run.mjs)');
    images = await makeTestImages();
    ({ token } = await api<{ token: string }>('/api/admin/login', json(admin)));
    const school = await api<{ schoolCode: string }>('/api/schools/register', json(schoolPayload({ udiseCode: `27${unique()}` })));
    const { mentorCode } = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(school.schoolCode, { contact: `97${unique().slice(-8)}` })));
    for (const name of ['Ira Deshmukh', 'Kabir Pawar']) {
      const form = candidateFormData(
        mentorCode,
        { personalDetails: { fullName: name }, contactDetails: { phoneNumber: `96${unique().slice(-8)}` }, educationalDetails: { kbeCategory: 'Prime' }, permanentAddress: { district, taluka: 'Seat Taluka' } },
        { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
      );
      const { candidateCode } = await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form });
      await api(`http://127.0.0.1:3101/internal/candidates/${candidateCode}/fees-paid`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-internal-token': internalToken }, body: JSON.stringify({ feesPaid: true }) });
      codes.push(candidateCode);
    }
  }, 120_000);
  afterAll(() => images?.cleanup());

  it('seats the paid, consented candidates in their own district and gives each a roll number the hall ticket prints', async () => {
    await api('/api/admin/centres', asAdmin(json({
      code: centreCode,
      name: `Seatpur Centre ${centreCode}`,
      address: 'Station road, Seatpur',
      district,
      taluka: 'Seat Taluka',
      contact: '9876543210',
      rooms: [{ name: 'Hall A', capacity: 40 }],
      sittings: [{ level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' }],
    })));
    const job = await allocate();
    expect(job.status).toBe('completed');
    expect(job.rooms.find((room) => room.centreCode === centreCode)).toMatchObject({ room: 'Hall A', used: 2, capacity: 40 });
    const seated = await Promise.all(codes.map(candidate));
    for (const seat of seated) {
      expect(seat.seatNumber).toMatch(ROLL_NUMBER_PATTERN);
      expect(seat.center).toBe(`Seatpur Centre ${centreCode}`);
      expect(seat.examTime).toBe('2027-01-17T10:30:00+05:30');
    }
    expect(new Set(seated.map((seat) => seat.seatNumber)).size).toBe(2);

    // again: nobody moves
    await allocate();
    expect((await Promise.all(codes.map(candidate))).map((seat) => seat.seatNumber)).toEqual(seated.map((seat) => seat.seatNumber));
  }, 180_000);
});
