import type { Schema } from 'mongoose';
import { CandidateSchema } from '../candidates/candidate.schema';
import { MentorSchema } from '../mentors/mentor.schema';
import { SchoolSchema } from '../schools/school.schema';

describe('PendingEventFields and indexPendingEvents', () => {
  const schemas: [string, Schema][] = [
    ['schools', SchoolSchema as Schema],
    ['mentors', MentorSchema as Schema],
    ['candidates', CandidateSchema as Schema],
  ];

  it.each(schemas)('give the %s schema required event fields and the re-drive index', (_name, schema: Schema) => {
    expect(schema.path('eventId')?.instance).toBe('String');
    expect(schema.path('eventQueued')?.instance).toBe('Boolean');
    expect(schema.path('createdAt')?.instance).toBe('Date');
    for (const field of ['eventId', 'eventQueued', 'createdAt']) expect(schema.path(field)?.isRequired).toBe(true);
    expect(schema.indexes().map(([fields]) => fields)).toContainEqual({ eventQueued: 1, createdAt: 1 });
  });
});
