import { InternalCallError, InternalHttpClient } from '@kbe/server-auth';
import {
  candidateLanguageOf,
  documentsCandidateResponseSchema,
  EXAM_LEVELS,
  REGISTRATION_DOCUMENTS_PATHS,
  type CandidateResult,
  type DocumentsCandidate,
  type ExamLevel,
} from '@kbe/contracts';
import { CandidateDirectoryError, type CandidateDirectory, type CandidateDocumentData, type CandidateFile } from './candidate-directory';

export interface HttpCandidateDirectoryOptions {
  baseUrl: string;
  internalToken: string;
  timeoutMs?: number;
}

const nullableStr = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * Reads candidates from registration-service's internal API (x-internal-token) through
 * InternalHttpClient; the reply is checked against the contract (registration-documents.contract.ts).
 */
export class HttpCandidateDirectory implements CandidateDirectory {
  private readonly registration: InternalHttpClient;

  constructor(options: HttpCandidateDirectoryOptions) {
    this.registration = new InternalHttpClient({ baseUrl: options.baseUrl, internalToken: options.internalToken, timeoutMs: options.timeoutMs ?? 5_000 });
  }

  async find(candidateCode: string): Promise<CandidateDocumentData | null> {
    try {
      return toDocumentData((await this.registration.get(REGISTRATION_DOCUMENTS_PATHS.candidate(candidateCode), documentsCandidateResponseSchema)).data);
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) return null;
      throw directoryError(error, 'a candidate');
    }
  }

  async file(candidateCode: string, file: CandidateFile): Promise<Buffer> {
    try {
      const answer = await this.registration.file(REGISTRATION_DOCUMENTS_PATHS.candidateFile(candidateCode, file));
      const chunks: Buffer[] = [];
      for await (const chunk of answer.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch (error) {
      throw directoryError(error, `the ${file}`);
    }
  }
}

/** What went wrong, as the callers know it (a CandidateDirectoryError answers 503). */
function directoryError(error: unknown, what: string): CandidateDirectoryError {
  if (error instanceof InternalCallError && error.status === null) return new CandidateDirectoryError('registration-service is not reachable', { cause: error });
  if (error instanceof InternalCallError && error.status !== null && error.status >= 300) {
    return new CandidateDirectoryError(`registration-service answered ${error.status} for ${what}`, { cause: error });
  }
  return new CandidateDirectoryError(`registration-service sent ${what} this service cannot read`, { cause: error });
}

function toDocumentData(data: DocumentsCandidate): CandidateDocumentData {
  const seat = data.examSeat;
  return {
    candidateCode: data.candidateCode,
    language: candidateLanguageOf(data.language),
    personalDetails: {
      fullName: data.personalDetails.fullName,
      fatherName: data.personalDetails.fatherName,
      motherName: data.personalDetails.motherName,
    },
    educationalDetails: {
      schoolName: data.educationalDetails.schoolName,
      standard: data.educationalDetails.standard,
      kbeCategory: data.educationalDetails.kbeCategory,
      kbeStageParticipated: data.educationalDetails.kbeStageParticipated,
    },
    feesPaid: data.feesPaid,
    hallTicketReleased: data.hallTicketReleased,
    certificateReleased: data.certificateReleased,
    seatNumber: nullableStr(data.seatNumber),
    center: nullableStr(data.center),
    examTime: nullableStr(data.examTime),
    // the allocated seat, or null when there is none (or no roll number to print)
    examSeat: seat ? { rollNumber: seat.rollNumber, room: seat.room, centreAddress: seat.centreAddress, date: seat.date, reportingTime: seat.reportingTime } : null,
    // the candidate's current level; Mains when registration-service sends none
    level: data.level ?? 'Mains',
    results: resultsOf(data.results),
  };
}

/** The published results, one per level (the later of two for one level), in level order; one that could not be read is left out. */
function resultsOf(results: (CandidateResult | undefined)[]): CandidateResult[] {
  const byLevel = new Map<ExamLevel, CandidateResult>();
  for (const result of results) if (result) byLevel.set(result.level, result);
  return EXAM_LEVELS.flatMap((level) => byLevel.get(level) ?? []);
}
