import { CandidateDirectory } from './candidate-directory';
import type { DirectoryEntry } from './directory-entry';
import { entry, T0 } from './directory-entry.fixture';

const DAY = 86_400_000;

function directoryOf(entries: DirectoryEntry[]): CandidateDirectory {
  const directory = new CandidateDirectory();
  directory.replaceAll(directory.ticket(), entries);
  return directory;
}

const page = (page: number, limit: number) => ({ page, limit });

describe('CandidateDirectory', () => {
  const entries = [
    entry('KBE000001AAA', { createdAt: T0 + 2 * DAY, nameSearch: 'aarav patil', phoneNumber: '9876501234', feesPaid: true, hallTicketReleased: true, district: 'Pune' }),
    entry('KBE000002BBB', { createdAt: T0 + 1 * DAY, nameSearch: 'riya jadhav', phoneNumber: '9123400000', category: 'Prime', standard: '5th', mentorCode: 'MEN-BBBBBB' }),
    entry('KBE000003CCC', { createdAt: T0 + 3 * DAY, nameSearch: 'anil pawar', phoneNumber: '9876599999', feesPaid: true, certificateReleased: true, category: 'High', standard: '12th' }),
    entry('KBE000004DDD', { createdAt: T0 + 2 * DAY, nameSearch: 'meena patil', deletedAt: T0 + 4 * DAY }),
    entry('KBE000005EEE', { createdAt: T0 + 2 * DAY, nameSearch: 'patil aarav', phoneNumber: '9000011111', district: null }),
  ];

  describe('filters, sorts and pages', () => {
    const directory = directoryOf(entries);

    it('lists live candidates newest first, ties by code, with the total', () => {
      expect(directory.page({}, page(1, 10))).toEqual({
        codes: ['KBE000003CCC', 'KBE000001AAA', 'KBE000005EEE', 'KBE000002BBB'],
        total: 4,
      });
    });

    it('sorts oldest first, by name and by code', () => {
      expect(directory.page({ sort: 'oldest' }, page(1, 10)).codes).toEqual(['KBE000002BBB', 'KBE000001AAA', 'KBE000005EEE', 'KBE000003CCC']);
      expect(directory.page({ sort: 'name' }, page(1, 10)).codes).toEqual(['KBE000001AAA', 'KBE000003CCC', 'KBE000005EEE', 'KBE000002BBB']);
      expect(directory.page({ sort: 'candidateId' }, page(1, 10)).codes).toEqual(['KBE000001AAA', 'KBE000002BBB', 'KBE000003CCC', 'KBE000005EEE']);
    });

    it('pages: skip and limit, total of every match, an empty page past the end', () => {
      expect(directory.page({ sort: 'candidateId' }, page(2, 3))).toEqual({ codes: ['KBE000005EEE'], total: 4 });
      expect(directory.page({}, page(5, 3))).toEqual({ codes: [], total: 4 });
    });

    it('filters by fees, releases, mentor, category, codes, and lists soft-deleted candidates on their own', () => {
      const codes = (query: Parameters<CandidateDirectory['page']>[0]) => directory.page({ ...query, sort: 'candidateId' }, page(1, 10)).codes;
      expect(codes({ feesPaid: true })).toEqual(['KBE000001AAA', 'KBE000003CCC']);
      expect(codes({ feesPaid: false })).toEqual(['KBE000002BBB', 'KBE000005EEE']);
      expect(codes({ hallTicketReleased: true })).toEqual(['KBE000001AAA']);
      expect(codes({ certificateReleased: false })).toEqual(['KBE000001AAA', 'KBE000002BBB', 'KBE000005EEE']);
      expect(codes({ mentorCode: 'MEN-BBBBBB' })).toEqual(['KBE000002BBB']);
      expect(codes({ category: 'High' })).toEqual(['KBE000003CCC']);
      expect(codes({ candidateCodes: ['KBE000003CCC', 'KBE000004DDD', 'KBE000009ZZZ'] })).toEqual(['KBE000003CCC']);
      expect(codes({ deleted: true })).toEqual(['KBE000004DDD']);
      expect(directory.count({ feesPaid: true, category: 'Sec' })).toBe(1);
    });
  });

  describe('levels', () => {
    const directory = directoryOf([entry('KBE000001AAA'), entry('KBE000002BBB', { level: 'Advanced', feesPaid: true }), entry('KBE000003CCC', { level: 'Advanced', deletedAt: T0 })]);

    it('filters and counts the live candidates of a level', () => {
      expect(directory.page({ level: 'Advanced' }, page(1, 10))).toEqual({ codes: ['KBE000002BBB'], total: 1 });
      expect(directory.count({ level: 'Mains' })).toBe(1);
      expect(directory.count({ level: 'Super Advanced' })).toBe(0);
    });

    it("gives seating each candidate's own level", () => {
      expect(directory.seatingAfter(undefined, 10).map((row) => [row.candidateCode, row.level])).toEqual([
        ['KBE000001AAA', 'Mains'],
        ['KBE000002BBB', 'Advanced'],
      ]);
    });
  });

  describe("a school's or a mentor's candidates (the school portal)", () => {
    const scoped = [
      entry('KBE000011AAA', { schoolCode: 'SCH-ONEONE', mentorCode: 'MEN-ONEAAA', createdAt: T0 + DAY, nameSearch: 'zoya khan', feesPaid: true }),
      entry('KBE000012BBB', { schoolCode: 'SCH-ONEONE', mentorCode: 'MEN-ONEBBB', createdAt: T0 + 2 * DAY, nameSearch: 'amit rao' }),
      entry('KBE000013CCC', { schoolCode: 'SCH-ONEONE', mentorCode: 'MEN-ONEAAA', createdAt: T0 + 3 * DAY, nameSearch: 'neha joshi', deletedAt: T0 + 4 * DAY }),
      entry('KBE000021DDD', { schoolCode: 'SCH-TWOTWO', mentorCode: 'MEN-TWOAAA', createdAt: T0 + 4 * DAY, nameSearch: 'amit shah', feesPaid: true }),
    ];

    it("pages, counts and exports only the school's live candidates, with every other filter", () => {
      const directory = directoryOf(scoped);
      expect(directory.page({ schoolCode: 'SCH-ONEONE' }, page(1, 10))).toEqual({ codes: ['KBE000012BBB', 'KBE000011AAA'], total: 2 });
      expect(directory.page({ schoolCode: 'SCH-ONEONE', sort: 'name' }, page(1, 1))).toEqual({ codes: ['KBE000012BBB'], total: 2 });
      expect(directory.page({ schoolCode: 'SCH-ONEONE', search: 'amit' }, page(1, 10)).codes).toEqual(['KBE000012BBB']);
      expect(directory.page({ schoolCode: 'SCH-ONEONE', feesPaid: true }, page(1, 10)).codes).toEqual(['KBE000011AAA']);
      expect(directory.page({ schoolCode: 'SCH-ONEONE', mentorCode: 'MEN-TWOAAA' }, page(1, 10))).toEqual({ codes: [], total: 0 });
      expect(directory.count({ schoolCode: 'SCH-TWOTWO' })).toBe(1);
      expect(directory.count({ schoolCode: 'SCH-NONENO' })).toBe(0);
      expect(directory.codesAfter({ schoolCode: 'SCH-ONEONE' }, undefined, 1)).toEqual(['KBE000011AAA']);
      expect(directory.codesAfter({ schoolCode: 'SCH-ONEONE' }, 'KBE000011AAA', 10)).toEqual(['KBE000012BBB']);
      expect(directory.inScope({ mentorCode: 'MEN-ONEAAA' })?.map((found) => found.code).sort()).toEqual(['KBE000011AAA', 'KBE000013CCC']);
      expect(directory.inScope({})).toBeUndefined();
    });

    it("searches a school's candidates as the whole directory does: name word or whole-name prefix, code prefix, mobile prefix", () => {
      const directory = directoryOf([
        ...scoped,
        entry('KBE000014EEE', { schoolCode: 'SCH-ONEONE', nameSearch: 'priya amit kale', phoneNumber: '9812345678' }),
        entry('KBE000015FFF', { schoolCode: 'SCH-ONEONE', nameSearch: 'amitabh rao', phoneNumber: '9700000000' }),
      ]);
      for (const search of ['amit', 'AMIT', 'amit r', 'rao', 'kbe00001', 'KBE000014', '9812', '98', 'zz', 'priya amit', ' ']) {
        const whole = directory.page({ search, sort: 'candidateId' }, page(1, 50)).codes.filter((code) => directory.get(code)?.schoolCode === 'SCH-ONEONE');
        expect({ search, codes: directory.page({ schoolCode: 'SCH-ONEONE', search, sort: 'candidateId' }, page(1, 50)).codes }).toEqual({ search, codes: whole });
        expect(directory.count({ schoolCode: 'SCH-ONEONE', search })).toBe(whole.length);
      }
    });

    it('keeps the scopes current when a candidate moves to another mentor or school, or is no longer stored', () => {
      const directory = directoryOf(scoped);
      directory.apply(directory.ticket(), ['KBE000011AAA'], [entry('KBE000011AAA', { schoolCode: 'SCH-TWOTWO', mentorCode: 'MEN-TWOAAA' })]);
      directory.apply(directory.ticket(), ['KBE000012BBB'], []);
      expect(directory.page({ schoolCode: 'SCH-ONEONE' }, page(1, 10))).toEqual({ codes: [], total: 0 });
      expect(directory.page({ mentorCode: 'MEN-TWOAAA', sort: 'candidateId' }, page(1, 10)).codes).toEqual(['KBE000011AAA', 'KBE000021DDD']);
      expect(directory.count({ mentorCode: 'MEN-ONEBBB' })).toBe(0);
    });
  });

  describe('search', () => {
    const directory = directoryOf(entries);
    const found = (search: string, deleted = false) => directory.page({ search, deleted, sort: 'candidateId' }, page(1, 10)).codes;

    it('finds a prefix of any word of the name, in any case', () => {
      expect(found('pat')).toEqual(['KBE000001AAA', 'KBE000005EEE']);
      expect(found('AAR')).toEqual(['KBE000001AAA', 'KBE000005EEE']);
      expect(found('pawar')).toEqual(['KBE000003CCC']);
      expect(found('atil')).toEqual([]);
      expect(found('pat', true)).toEqual(['KBE000004DDD']);
    });

    it('finds a prefix of the whole name when the search has several words', () => {
      expect(found('aarav  PA')).toEqual(['KBE000001AAA']);
      expect(found('patil aarav')).toEqual(['KBE000005EEE']);
    });

    it('finds a prefix of the code (any case) and of the mobile number', () => {
      expect(found('kbe000002')).toEqual(['KBE000002BBB']);
      expect(found('KBE00000')).toEqual(['KBE000001AAA', 'KBE000002BBB', 'KBE000003CCC', 'KBE000005EEE']);
      expect(found('98765')).toEqual(['KBE000001AAA', 'KBE000003CCC']);
      expect(found('9000011')).toEqual(['KBE000005EEE']);
      expect(found('87650')).toEqual([]);
    });

    it('treats regular-expression characters as text', () => {
      expect(found('.*')).toEqual([]);
    });
  });

  describe('keyset pages, SMS groups, counts and the dashboard', () => {
    const directory = directoryOf(entries);

    it('pages matching codes after a code, in code order', () => {
      expect(directory.codesAfter({}, undefined, 2)).toEqual(['KBE000001AAA', 'KBE000002BBB']);
      expect(directory.codesAfter({}, 'KBE000002BBB', 2)).toEqual(['KBE000003CCC', 'KBE000005EEE']);
      expect(directory.codesAfter({}, 'KBE000002', 1)).toEqual(['KBE000002BBB']);
      expect(directory.codesAfter({ feesPaid: true }, 'KBE000001AAA', 5)).toEqual(['KBE000003CCC']);
      expect(directory.codesAfter({}, 'KBE000005EEE', 5)).toEqual([]);
    });

    it('pages SMS recipients of a group with their mobile numbers', () => {
      expect(directory.smsRecipients('paid', undefined, 1)).toEqual([{ candidateCode: 'KBE000001AAA', phoneNumber: '9876501234' }]);
      expect(directory.smsRecipients('paid', 'KBE000001AAA', 5)).toEqual([{ candidateCode: 'KBE000003CCC', phoneNumber: '9876599999' }]);
      expect(directory.smsRecipients('unpaid', undefined, 5).map((row) => row.candidateCode)).toEqual(['KBE000002BBB', 'KBE000005EEE']);
      expect(directory.smsRecipients('hall-ticket', undefined, 5).map((row) => row.candidateCode)).toEqual(['KBE000001AAA']);
      expect(directory.smsRecipients('all', undefined, 10)).toHaveLength(4);
    });

    it('filters and counts on the parental consent, and reminds the guardian on their own mobile', () => {
      const withConsent = directoryOf([
        entry('KBE000001AAA', { consent: 'given', phoneNumber: '9876501234' }),
        entry('KBE000002BBB', { consent: 'pending', phoneNumber: '9123400000', guardianPhone: '9000000002' }),
        entry('KBE000003CCC', { consent: 'pending', phoneNumber: '9876599999' }),
        entry('KBE000004DDD', { consent: 'withdrawn' }),
        entry('KBE000005EEE', { consent: 'pending', deletedAt: T0 }),
      ]);
      expect(withConsent.count({ consent: 'pending' })).toBe(2);
      expect(withConsent.count({ consent: 'given' })).toBe(1);
      expect(withConsent.codesAfter({ consent: 'withdrawn' }, undefined, 5)).toEqual(['KBE000004DDD']);
      expect(withConsent.smsRecipients('consent-pending', undefined, 5)).toEqual([
        { candidateCode: 'KBE000002BBB', phoneNumber: '9000000002' },
        { candidateCode: 'KBE000003CCC', phoneNumber: '9876599999' },
      ]);
      // other groups still reach the contact number
      expect(withConsent.smsRecipients('all', 'KBE000001AAA', 1)).toEqual([{ candidateCode: 'KBE000002BBB', phoneNumber: '9123400000' }]);
    });

    it('counts live candidates and those who paid', () => {
      expect(directory.counts()).toEqual({ total: 4, feesPaid: 2 });
    });

    it('gives the dashboard figures of live candidates', () => {
      expect(directory.dashboard(new Date(T0 + 2 * DAY))).toEqual({
        total: 4,
        feesPaid: 2,
        hallTickets: 1,
        certificates: 1,
        createdSince: expect.arrayContaining([new Date(T0 + 2 * DAY), new Date(T0 + 2 * DAY), new Date(T0 + 3 * DAY)]),
        byCategory: { Prime: 1, Sec: 2, High: 1 },
        byStandard: { '5th': 1, '6th': 0, '7th': 0, '8th': 2, '9th': 0, '10th': 0, '11th': 0, '12th': 1 },
        byDistrict: [
          { key: 'Nashik', count: 2 },
          { key: '', count: 1 },
          { key: 'Pune', count: 1 },
        ],
      });
      expect(directory.dashboard(new Date(T0 + 2 * DAY)).createdSince).toHaveLength(3);
    });

    it('keeps the 20 largest districts', () => {
      const many = directoryOf(Array.from({ length: 25 }, (_, i) => entry(`KBE0001${String(i).padStart(2, '0')}AAA`, { district: `D${String(i).padStart(2, '0')}` })));
      const districts = many.dashboard(new Date(T0)).byDistrict;
      expect(districts).toHaveLength(20);
      expect(districts[0]).toEqual({ key: 'D00', count: 1 });
    });
  });

  describe('changes', () => {
    it('updates an entry read later: lists, search and counts follow', () => {
      const directory = directoryOf(entries);
      const ticket = directory.ticket();
      directory.apply(ticket, ['KBE000002BBB'], [{ ...entries[1], nameSearch: 'riya shinde', feesPaid: true }]);
      expect(directory.counts()).toEqual({ total: 4, feesPaid: 3 });
      expect(directory.page({ search: 'shin' }, page(1, 10)).codes).toEqual(['KBE000002BBB']);
      expect(directory.page({ search: 'jadhav' }, page(1, 10)).codes).toEqual([]);
      expect(directory.page({ sort: 'name' }, page(1, 10)).codes.at(-1)).toBe('KBE000002BBB');
    });

    it('adds a new candidate, moves a soft-deleted one between the live and deleted lists', () => {
      const directory = directoryOf(entries);
      directory.apply(directory.ticket(), ['KBE000009ZZZ'], [entry('KBE000009ZZZ', { createdAt: T0 + 9 * DAY, nameSearch: 'new comer' })]);
      expect(directory.page({}, page(1, 1))).toEqual({ codes: ['KBE000009ZZZ'], total: 5 });
      directory.apply(directory.ticket(), ['KBE000009ZZZ'], [entry('KBE000009ZZZ', { createdAt: T0 + 9 * DAY, deletedAt: T0 + 10 * DAY })]);
      expect(directory.page({ deleted: true, sort: 'candidateId' }, page(1, 10)).codes).toEqual(['KBE000004DDD', 'KBE000009ZZZ']);
      expect(directory.counts().total).toBe(4);
    });

    it('drops a candidate no longer stored', () => {
      const directory = directoryOf(entries);
      directory.apply(directory.ticket(), ['KBE000001AAA'], []);
      expect(directory.get('KBE000001AAA')).toBeUndefined();
      expect(directory.page({ search: 'aarav' }, page(1, 10)).codes).toEqual(['KBE000005EEE']);
    });

    it('never lets an older read replace what a later read brought', () => {
      const directory = directoryOf(entries);
      const older = directory.ticket();
      const newer = directory.ticket();
      directory.apply(newer, ['KBE000002BBB'], [{ ...entries[1], feesPaid: true }]);
      directory.apply(older, ['KBE000002BBB'], [entries[1]]);
      expect(directory.get('KBE000002BBB')?.feesPaid).toBe(true);
      directory.apply(older, ['KBE000002BBB'], []);
      expect(directory.get('KBE000002BBB')).toBeDefined();
    });

    it('keeps entries read after a whole pass began when the pass lands', () => {
      const directory = directoryOf(entries);
      const pass = directory.ticket();
      directory.apply(directory.ticket(), ['KBE000009ZZZ'], [entry('KBE000009ZZZ')]);
      directory.apply(directory.ticket(), ['KBE000002BBB'], [{ ...entries[1], feesPaid: true }]);
      directory.replaceAll(pass, entries);
      expect(directory.size).toBe(6);
      expect(directory.get('KBE000002BBB')?.feesPaid).toBe(true);
    });
  });
});
