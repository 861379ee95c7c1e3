import { generateCandidateCode, generateMentorCode, generateSchoolCode } from '@kbe/contracts';

/** Sources of new registration codes (random), behind an interface so tests can force collisions. */
export interface CodeGenerators {
  school(): string;
  mentor(): string;
  /** 'KBE' + last 6 digits of `now` in epoch ms + 3 random characters. */
  candidate(now: Date): string;
}

export const CODE_GENERATORS = Symbol('CODE_GENERATORS');

export const randomCodeGenerators: CodeGenerators = {
  school: () => generateSchoolCode(),
  mentor: () => generateMentorCode(),
  candidate: (now) => generateCandidateCode({ now: () => now.getTime() }),
};
