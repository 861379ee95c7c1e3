import { DOCUMENTS_INTERNAL_PATHS } from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { MinioFileStorage, storageOptionsFromEnv } from '@kbe/server-storage';
import { isolatedInfraEnv, TestBucket, useServiceApp } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule } from '../app.module';
import { documentsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from '../documents.config';
import { PDF_BUCKET } from '../documents/pdf-cache';
import { candidateDataExport } from './candidate-data-export.fixture';

const FULL_NAME = 'आरव पाटील';

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('the data export PDF against real Chromium', () => {
  const config = loadConfig(documentsEnvSchema, isolatedInfraEnv({ DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex') }));
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config, largeJsonBodies: LARGE_JSON_BODIES });
  const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };
  const post = (body: object, headers: Record<string, string> = internal) =>
    request(app().getHttpServer()).post(DOCUMENTS_INTERNAL_PATHS.dataExportPdf).set(headers).send(body);
  let dir: string;

  /** Text of a PDF as `pdftotext` (poppler) extracts it, blanks squashed; and its page count. */
  function pdfText(pdf: Buffer): { text: string; pages: number } {
    const file = join(dir, `export-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file]).toString('utf8');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
    return { text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]) };
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-data-export-it-'));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new TestBucket(config, new MinioFileStorage(storageOptionsFromEnv(config)).bucketName(PDF_BUCKET)).remove();
  });

  it('answers the readable PDF of an export: the code, the Marathi name as text, every section; nothing stored', async () => {
    const photo = await sharp({ create: { width: 240, height: 300, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
    const data = candidateDataExport({
      files: { photo: `data:image/jpeg;base64,${photo.toString('base64')}`, signature: null },
    });
    const response = await post(data).buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="KBE123456ABC_data.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages } = pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Data held about candidate KBE123456ABC');
    expect(text).toContain('Generated on 10 January 2026, 3:30 pm IST');
    expect(text).toContain(FULL_NAME);
    for (const heading of ['Personal details', "The organisers' record", 'Photo and signature', 'Consent', 'Requests', 'Kept elsewhere']) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Erased');
    expect(text).toContain('DR000123');

    // Personal data: rendered for this answer only, never written to the documents bucket.
    const bucket = new TestBucket(config, new MinioFileStorage(storageOptionsFromEnv(config)).bucketName(PDF_BUCKET));
    expect(await bucket.objectNames()).toEqual([]);
  }, 60_000);

  it('answers 401 without the internal token, or with a wrong one', async () => {
    const data = candidateDataExport();
    expect((await post(data, {})).status).toBe(401);
    expect((await post(data, { 'x-internal-token': 'wrong' })).status).toBe(401);
  });

  it('takes an export whose photo is larger than the general body limit (a 1200 px JPEG of noise)', async () => {
    const noise = await sharp(randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    const photo = `data:image/jpeg;base64,${noise.toString('base64')}`;
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const answer = await post({ ...candidateDataExport(), files: { photo, signature: photo } }).buffer(true).parse(binary).expect(200);
    expect((answer.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 400 naming the field of a malformed export', async () => {
    const data = candidateDataExport();
    const badFees = await post({ ...data, organiserRecord: { ...data.organiserRecord, feesPaid: 'yes' } }).expect(400);
    expect(badFees.body.errors).toEqual([{ field: 'organiserRecord.feesPaid', message: expect.stringContaining('expected boolean') }]);

    const linkedPhoto = await post({ ...data, files: { photo: 'file:///etc/passwd', signature: null } }).expect(400);
    expect(linkedPhoto.body.message).toBe('files.photo must be a data:image/jpeg or data:image/png URL in base64, or null when erased');

    const noConsent = await post({ ...data, consent: undefined }).expect(400);
    expect(noConsent.body.errors).toEqual([{ field: 'consent', message: expect.any(String) }]);
  });
});
