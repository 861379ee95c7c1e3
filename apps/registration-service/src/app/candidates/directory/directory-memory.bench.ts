// Heap taken by a candidate directory of 20,000 entries (docs/adr/0006). From the repository root:
//   node --expose-gc -r ./tools/test/ts-register.cjs apps/registration-service/src/app/candidates/directory/directory-memory.bench.ts
import { CandidateDirectory } from './candidate-directory';
import { directoryEntryOf, type DirectoryEntry } from './directory-entry';

const COUNT = Number(process.env['DIRECTORY_ENTRIES'] ?? 20_000);
const FIRST = ['aarav', 'riya', 'anil', 'meena', 'kavya', 'omkar', 'sara', 'vihaan', 'ishaan', 'diya', 'arjun', 'ananya'];
const LAST = ['patil', 'jadhav', 'pawar', 'deshpande', 'kulkarni', 'inamdar', 'shinde', 'more', 'gaikwad', 'joshi'];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run node with --expose-gc');

/** An entry made the way the keeper makes it, from fresh strings per candidate as read from the database. */
function entryOf(i: number): DirectoryEntry {
  const fresh = (text: string) => `${text} `.trimEnd();
  return directoryEntryOf({
    candidateCode: fresh(`KBE${String(100000 + i)}ABC`),
    createdAt: new Date(Date.UTC(2025, 8, 1) + i * 60_000),
    nameSearch: fresh(`${FIRST[i % FIRST.length]}${i % 97} ${FIRST[(i * 7) % FIRST.length]} ${LAST[i % LAST.length]}`),
    phoneNumber: String(9_000_000_000 + i * 37),
    mentorCode: fresh(`MEN-${String(i % 2000).padStart(6, 'A')}`),
    schoolCode: fresh(`SCH-${String(i % 400).padStart(6, 'B')}`),
    educationalDetails: { kbeCategory: fresh(['Prime', 'Sec', 'High'][i % 3]), standard: fresh(`${5 + (i % 8)}th`) },
    permanentAddress: { district: fresh(`District ${i % 36}`) },
    feesPaid: i % 2 === 0,
    hallTicketReleased: i % 4 === 0,
    certificateReleased: false,
    deletedAt: i % 50 === 0 ? new Date() : null,
  });
}

gc();
const before = process.memoryUsage().heapUsed;
const directory = new CandidateDirectory();
directory.replaceAll(directory.ticket(), Array.from({ length: COUNT }, (_, i) => entryOf(i)));
// The sorted views and prefix indexes a first list, search and keyset page build.
for (const sort of ['newest', 'oldest', 'name', 'candidateId'] as const) directory.page({ sort }, { page: 1, limit: 20 });
directory.page({ search: '98' }, { page: 1, limit: 20 });
directory.codesAfter({}, undefined, 1000);
gc();
const after = process.memoryUsage().heapUsed;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const started = process.hrtime.bigint();
for (let i = 0; i < 100; i += 1) directory.page({ search: FIRST[i % FIRST.length].slice(0, 3), feesPaid: true, sort: 'name' }, { page: 3, limit: 20 });
const searchMs = Number(process.hrtime.bigint() - started) / 1e6 / 100;
process.stdout.write(`${directory.size} entries: ${mb(after - before)} MB of heap (${Math.round((after - before) / directory.size)} bytes per entry), a name search page ${searchMs.toFixed(2)} ms\n`);
