import { toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';

/**
 * Registration payloads for the journeys that set up their own school -> mentor -> candidate chain
 * through the API: the contracts' valid fixtures with the journey's own names and numbers.
 */
type Candidate = ReturnType<typeof validCandidate>;

export interface CandidateChanges {
  personalDetails?: Partial<Candidate['personalDetails']>;
  contactDetails?: Partial<Candidate['contactDetails']>;
  educationalDetails?: Partial<Candidate['educationalDetails']>;
  permanentAddress?: Partial<Candidate['permanentAddress']>;
}

export interface CandidateImages {
  /** JPEG bytes */
  photo: Uint8Array;
  /** PNG bytes */
  signature: Uint8Array;
}

export const schoolPayload = (changes: Partial<ReturnType<typeof validSchool>>) => ({ ...validSchool(), ...changes });

export const mentorPayload = (schoolCode: string, changes: Partial<ReturnType<typeof validMentor>> = {}) => ({
  ...validMentor(),
  schoolCode,
  ...changes,
});

/** The multipart form the registration page sends: bracketed fields, photo and signature. */
export function candidateFormData(mentorCode: string, changes: CandidateChanges, images: CandidateImages): FormData {
  const valid = validCandidate();
  const candidate = {
    ...valid,
    mentorCode,
    personalDetails: { ...valid.personalDetails, ...changes.personalDetails },
    contactDetails: { ...valid.contactDetails, ...changes.contactDetails },
    educationalDetails: { ...valid.educationalDetails, ...changes.educationalDetails },
    permanentAddress: { ...valid.permanentAddress, ...changes.permanentAddress },
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(toBracketedFields(candidate as unknown as BracketableObject))) form.append(name, value);
  form.append('photo', new Blob([new Uint8Array(images.photo)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('signature', new Blob([new Uint8Array(images.signature)], { type: 'image/png' }), 'signature.png');
  return form;
}
