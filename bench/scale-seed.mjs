// Seeding of bench/scale.mjs: schools, mentors and candidates registered through the public API
// of the running stack (the forms' own requests: JSON for schools and mentors, multipart with a
// photo and a signature for candidates, an Idempotency-Key each), then fees marked paid for a
// share of the new candidates through the admin API, as an admin does.
import sharp from 'sharp';
import { out, runPool } from './scale.support.mjs';

// Values from @kbe/contracts (registration.choices.ts): the schemas accept exactly these.
const STANDARDS = ['5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th'];
const CATEGORY_OF = { '5th': 'Prime', '6th': 'Prime', '7th': 'Prime', '8th': 'Sec', '9th': 'Sec', '10th': 'Sec', '11th': 'High', '12th': 'High' };
const MEDIUMS = ['Marathi', 'Semi-English', 'English', 'Other'];
const BOARDS = ['Maharashtra State Board', 'CBSE', 'Other'];
const GENDERS = ['Male', 'Female'];
const REGIONS = ['Urban', 'Rural'];
const PLACES = [
  { district: 'Nashik', talukas: ['Nashik', 'Sinnar', 'Niphad', 'Igatpuri', 'Dindori'], pin: '4220' },
  { district: 'Pune', talukas: ['Haveli', 'Baramati', 'Mulshi', 'Maval'], pin: '4110' },
  { district: 'Ahmednagar', talukas: ['Sangamner', 'Rahata', 'Kopargaon'], pin: '4141' },
  { district: 'Jalgaon', talukas: ['Bhusawal', 'Chalisgaon', 'Amalner'], pin: '4250' },
  { district: 'Dhule', talukas: ['Sakri', 'Shirpur'], pin: '4240' },
  { district: 'Aurangabad', talukas: ['Paithan', 'Vaijapur', 'Kannad'], pin: '4310' },
];
const FIRST_NAMES = ['Aarav', 'Sneha', 'Vihaan', 'Ananya', 'Arjun', 'Isha', 'Kabir', 'Meera', 'Rohan', 'Priya', 'Sai', 'Tanvi', 'Omkar', 'Gauri', 'Yash', 'Pooja'];
const SURNAMES = ['Patil', 'Deshmukh', 'Kulkarni', 'Joshi', 'Pawar', 'Shinde', 'Jadhav', 'More', 'Gaikwad', 'Wagh', 'Bhosale', 'Chavan'];
/** Name prefixes the search measurement uses: first names and surnames (word prefixes) of the seeded names. */
export const NAME_PREFIXES = ['Aar', 'Sneha', 'Kulk', 'Wagh', 'Pri', 'Desh'];

const pick = (list, i) => list[i % list.length];

/** A small passport photo and a signature, real JPEGs of a few KB each, made once and reused. */
export async function seedImages() {
  const portrait =
    '<svg width="240" height="300"><rect width="100%" height="100%" fill="#9bb4d8"/><ellipse cx="120" cy="120" rx="60" ry="70" fill="#d9a77f"/><rect x="40" y="200" width="160" height="100" rx="30" fill="#2b3a55"/></svg>';
  const signature =
    '<svg width="300" height="100"><rect width="100%" height="100%" fill="#fafaf5"/><path d="M15 65 C 60 10, 90 90, 135 40 S 225 75, 285 25" stroke="#123" stroke-width="4" fill="none"/></svg>';
  const photo = await sharp(Buffer.from(portrait)).jpeg({ quality: 80 }).toBuffer();
  const sign = await sharp(Buffer.from(signature)).jpeg({ quality: 80 }).toBuffer();
  return { photo, signature: sign };
}

function schoolBody(run, i) {
  const place = pick(PLACES, i);
  return {
    schoolName: `${place.district} ${pick(['Model', 'Vidya Niketan', 'Public', 'Modern', 'New English'], i)} School ${i}`,
    udiseCode: `27${run}${String(i).padStart(6, '0')}`,
    contact: `98${run}${String(i).padStart(5, '0')}`.slice(0, 10),
    schoolType: pick(['Primary', 'Secondary', 'Higher Secondary'], i),
    address: { area: 'Main Road', locality: 'Station Area', street: `Lane ${i % 9}`, village: pick(place.talukas, i), town: pick(place.talukas, i), city: place.district, state: 'Maharashtra', pin: `${place.pin}${String(i % 100).padStart(2, '0')}` },
    principal: { name: `${pick(FIRST_NAMES, i + 3)} ${pick(SURNAMES, i + 5)}`, contact: `97${run}${String(i).padStart(5, '0')}`.slice(0, 10) },
  };
}

function mentorBody(run, i, schoolCode) {
  return {
    schoolCode,
    name: `${pick(FIRST_NAMES, i + 7)} ${pick(SURNAMES, i + 2)} ${i}`,
    email: `mentor${run}.${i}@example.org`,
    address: `${i} College Road, ${pick(PLACES, i).district}`,
    contact: `96${run}${String(i).padStart(5, '0')}`.slice(0, 10),
    subjectTeaching: pick(['Physics', 'Chemistry', 'Biology', 'Mathematics', 'Science'], i),
    workExperience: 1 + (i % 25),
    activitiesParticipated: 'Science fair',
    opinionOnISRO: 'Inspiring',
  };
}

/** The candidate form's multipart body: every field with its bracketed name, then the two images. */
function candidateForm(run, i, mentorCode, images) {
  const place = pick(PLACES, Math.floor(i / 7));
  const standard = pick(STANDARDS, Math.floor(i / 3));
  const age = 5 + STANDARDS.indexOf(standard) + 5;
  const year = new Date().getUTCFullYear() - age;
  const first = pick(FIRST_NAMES, i);
  const surname = pick(SURNAMES, Math.floor(i / FIRST_NAMES.length));
  const fields = {
    mentorCode,
    'personalDetails[fullName]': `${first} ${pick(FIRST_NAMES, i + 5)} ${surname}`,
    'personalDetails[fatherName]': `${pick(FIRST_NAMES, i + 5)} ${surname}`,
    'personalDetails[motherName]': `${pick(FIRST_NAMES, i + 1)} ${surname}`,
    'personalDetails[gender]': pick(GENDERS, i),
    'personalDetails[dateOfBirth]': `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    'personalDetails[religion]': 'Hindu',
    'personalDetails[region]': pick(REGIONS, i),
    'personalDetails[motherTongue]': 'Marathi',
    // Unique per run and candidate (the duplicate-submit fingerprint includes it); starts with 9, so SMS can reach it.
    'contactDetails[phoneNumber]': `9${run}${String(i).padStart(6, '0')}`,
    'orphanDetails[isOrphan]': 'false',
    'permanentAddress[addressLines]': `House ${i}, Ward ${i % 30}`,
    'permanentAddress[village]': pick(place.talukas, i),
    'permanentAddress[taluka]': pick(place.talukas, i),
    'permanentAddress[district]': place.district,
    'permanentAddress[state]': 'Maharashtra',
    'permanentAddress[pin]': `${place.pin}${String(i % 100).padStart(2, '0')}`,
    'educationalDetails[schoolName]': `${place.district} Model School`,
    'educationalDetails[standard]': standard,
    'educationalDetails[medium]': pick(MEDIUMS, i),
    'educationalDetails[board]': pick(BOARDS, i),
    'educationalDetails[kbeCategory]': CATEGORY_OF[standard],
    'educationalDetails[kbeStageParticipated]': 'Mains',
    'educationalDetails[fees]': '300',
    feesPaid: 'false',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', new Blob([images.photo], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('signature', new Blob([images.signature], { type: 'image/jpeg' }), 'signature.jpg');
  return form;
}

/** Every `1/share`-th candidate, spread evenly over the sequence (not the first ones). */
const isPaid = (i, share) => Math.floor((i + 1) * share) > Math.floor(i * share);

/**
 * Registers `count` candidates (and ceil(count/perSchool) schools, ceil(count/perMentor) mentors),
 * then marks `paidShare` of them paid. `run` (3 digits) keeps codes, phones and idempotency keys
 * of this seeding apart from earlier ones.
 */
export async function seed(client, { count, clients, paidShare, perSchool = 200, perMentor = 25 }) {
  const run = String(Date.now() % 1000).padStart(3, '0');
  const images = await seedImages();
  out(`seeding ${count} candidates (run tag ${run}; photo ${images.photo.length} B, signature ${images.signature.length} B JPEG; ${clients} clients)`);
  const post = (path, i, init) =>
    client.call('POST', path, { ...init, auth: false, expect: [200, 201], headers: { 'Idempotency-Key': `scale-${run}-${path}-${i}` } });

  const schoolCount = Math.ceil(count / perSchool);
  const schools = [];
  const schoolRun = await runPool({ label: 'schools', count: schoolCount, concurrency: clients, task: async (i) => (schools[i] = (await post('/api/schools/register', i, { body: schoolBody(run, i) })).body.schoolCode) });

  const mentorCount = Math.ceil(count / perMentor);
  const mentors = [];
  const mentorRun = await runPool({ label: 'mentors', count: mentorCount, concurrency: clients, task: async (i) => (mentors[i] = (await post('/api/mentors/register', i, { body: mentorBody(run, i, schools[i % schoolCount]) })).body.mentorCode) });

  const codes = [];
  const candidateRun = await runPool({
    label: 'candidates',
    count,
    concurrency: clients,
    task: async (i) => (codes[i] = (await post('/api/candidates/register', i, { form: candidateForm(run, i, mentors[i % mentorCount], images) })).body.candidateCode),
  });

  const paid = codes.filter((_, i) => isPaid(i, paidShare));
  const feesRun = await runPool({
    label: 'fees paid',
    count: paid.length,
    concurrency: clients,
    task: (i) => client.call('PATCH', `/api/admin/candidates/${paid[i]}/fees`, { body: { feesPaid: true, receiptNumber: `R${run}-${i}` } }),
  });
  return { run, schools: schoolRun, mentors: mentorRun, candidates: candidateRun, fees: feesRun, photoBytes: images.photo.length, signatureBytes: images.signature.length };
}
