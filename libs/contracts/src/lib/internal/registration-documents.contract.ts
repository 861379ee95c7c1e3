/**
 * registration-service's internal API as documents-service reads it (`x-internal-token`, never
 * routed by the edge): a candidate's record (the whole internal view; these are the fields its
 * hall tickets, certificates and data exports print and its gates read) and the stored photo or
 * signature. documents-service parses the reply with this schema.
 *
 * The record is read leniently where it always was, so a document still renders: a missing or
 * non-text part prints blank (the retention purge takes the mother's name away), a flag that is
 * not `true` is false (the safe side of every gate), a seat it cannot print is none, an unknown
 * level is none (Mains), and a result it cannot read is left out. The candidate's code must be there.
 */
import { z } from 'zod';
import { EXAM_LEVELS } from '../exams.schema';
import { candidateResultSchema } from '../results.schema';
import { REGISTRATION_INTERNAL_PATHS } from './registration-admin.contract';

export const REGISTRATION_DOCUMENTS_PATHS = {
  /** `GET` -> `data: DocumentsCandidate`; 404 for no such (or an erased) candidate. */
  candidate: REGISTRATION_INTERNAL_PATHS.candidate,
  /** `GET` -> the JPEG; 404 when there is none. */
  candidateFile: REGISTRATION_INTERNAL_PATHS.candidateFile,
} as const;

/** Text, or blank when absent or not text. */
const text = z.string().catch('');
/** `true`, or false when absent or anything else. */
const flag = z.boolean().catch(false);

/** The seat exams-service allocated, as the hall ticket prints it: none without a roll number. */
const documentsExamSeatSchema = z
  .looseObject({
    rollNumber: z.string().refine((value) => value.trim() !== ''),
    room: text,
    centreAddress: text,
    date: text,
    reportingTime: text,
  })
  .nullable()
  .catch(null);

export const documentsCandidateSchema = z.looseObject({
  candidateCode: z.string(),
  /** CandidateLanguage; anything else is English (candidateLanguageOf). */
  language: z.unknown().optional(),
  personalDetails: z.looseObject({ fullName: text, fatherName: text, motherName: text }).catch({ fullName: '', fatherName: '', motherName: '' }),
  educationalDetails: z
    .looseObject({ schoolName: text, standard: text, kbeCategory: text, kbeStageParticipated: text })
    .catch({ schoolName: '', standard: '', kbeCategory: '', kbeStageParticipated: '' }),
  feesPaid: flag,
  hallTicketReleased: flag,
  certificateReleased: flag,
  /** 'TBA' (or blank) until assigned. */
  seatNumber: z.string().nullish().catch(null),
  center: z.string().nullish().catch(null),
  /** ISO 8601 in India time, or 'TBA'. */
  examTime: z.string().nullish().catch(null),
  examSeat: documentsExamSeatSchema.optional(),
  /** The level the candidate sits now; absent (or unknown): Mains. */
  level: z.enum(EXAM_LEVELS).optional().catch(undefined),
  /** The published results (one per level); one that cannot be read is left out (undefined here). */
  results: z.array(candidateResultSchema.optional().catch(undefined)).catch([]).optional().default([]),
});
export type DocumentsCandidate = z.output<typeof documentsCandidateSchema>;
/** `{ success: true, data }`; `data` is what is read. */
export const documentsCandidateResponseSchema = z.looseObject({ success: z.literal(true).optional(), data: documentsCandidateSchema });
