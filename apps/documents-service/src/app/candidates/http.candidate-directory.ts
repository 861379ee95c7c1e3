import { INTERNAL_TOKEN_HEADER } from '@kbe/server-auth';
import {
  candidateLanguageOf,
  candidateResultSchema,
  EXAM_LEVELS,
  REGISTRATION_INTERNAL_PATHS,
  type CandidateResult,
  type ExamLevel,
} from '@kbe/contracts';
import {
  CandidateDirectoryError,
  type CandidateDirectory,
  type CandidateDocumentData,
  type CandidateExamSeat,
  type CandidateFile,
} from './candidate-directory';

export interface HttpCandidateDirectoryOptions {
  baseUrl: string;
  internalToken: string;
  timeoutMs?: number;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const nullableStr = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads candidates from registration-service's `/internal/candidates` API (x-internal-token). */
export class HttpCandidateDirectory implements CandidateDirectory {
  constructor(private readonly options: HttpCandidateDirectoryOptions) {}

  async find(candidateCode: string): Promise<CandidateDocumentData | null> {
    const response = await this.call(REGISTRATION_INTERNAL_PATHS.candidate(candidateCode));
    if (response.status === 404) return null;
    if (!response.ok) throw new CandidateDirectoryError(`registration-service answered ${response.status} for a candidate`);
    const body = (await response.json()) as { data?: Record<string, unknown> };
    if (!body.data) throw new CandidateDirectoryError('registration-service sent a candidate without data');
    return toDocumentData(body.data);
  }

  async file(candidateCode: string, file: CandidateFile): Promise<Buffer> {
    const response = await this.call(REGISTRATION_INTERNAL_PATHS.candidateFile(candidateCode, file));
    if (!response.ok) throw new CandidateDirectoryError(`registration-service answered ${response.status} for the ${file}`);
    return Buffer.from(await response.arrayBuffer());
  }

  private async call(path: string): Promise<Response> {
    try {
      return await fetch(`${this.options.baseUrl}${path}`, {
        headers: { [INTERNAL_TOKEN_HEADER]: this.options.internalToken, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new CandidateDirectoryError('registration-service is not reachable', { cause: error });
    }
  }
}

function toDocumentData(data: Record<string, unknown>): CandidateDocumentData {
  const personal = (data['personalDetails'] ?? {}) as Record<string, unknown>;
  const education = (data['educationalDetails'] ?? {}) as Record<string, unknown>;
  return {
    candidateCode: str(data['candidateCode']),
    language: candidateLanguageOf(data['language']),
    personalDetails: {
      fullName: str(personal['fullName']),
      fatherName: str(personal['fatherName']),
      motherName: str(personal['motherName']),
    },
    educationalDetails: {
      schoolName: str(education['schoolName']),
      standard: str(education['standard']),
      kbeCategory: str(education['kbeCategory']),
      kbeStageParticipated: str(education['kbeStageParticipated']),
    },
    feesPaid: data['feesPaid'] === true,
    hallTicketReleased: data['hallTicketReleased'] === true,
    certificateReleased: data['certificateReleased'] === true,
    seatNumber: nullableStr(data['seatNumber']),
    center: nullableStr(data['center']),
    examTime: nullableStr(data['examTime']),
    examSeat: examSeatOf(data['examSeat']),
    level: levelOf(data['level']),
    results: resultsOf(data['results']),
  };
}

/** The candidate's current level; Mains when registration-service sends none. */
function levelOf(value: unknown): ExamLevel {
  return EXAM_LEVELS.find((level) => level === value) ?? 'Mains';
}

/** The published results, one per level (the later of two for one level); none when absent, a malformed one left out. */
function resultsOf(value: unknown): CandidateResult[] {
  if (!Array.isArray(value)) return [];
  const byLevel = new Map<ExamLevel, CandidateResult>();
  for (const item of value) {
    const parsed = candidateResultSchema.safeParse(item);
    if (parsed.success) byLevel.set(parsed.data.level, parsed.data);
  }
  return EXAM_LEVELS.flatMap((level) => byLevel.get(level) ?? []);
}

/** The allocated seat, or null when there is none (or no roll number to print). */
function examSeatOf(value: unknown): CandidateExamSeat | null {
  if (!isObject(value)) return null;
  const rollNumber = nullableStr(value['rollNumber']);
  if (rollNumber === null) return null;
  return {
    rollNumber,
    room: str(value['room']),
    centreAddress: str(value['centreAddress']),
    date: str(value['date']),
    reportingTime: str(value['reportingTime']),
  };
}
