// Time of one seat allocation at the state's scale: 20,000 Mains candidates over 150 centres of
// 10 rooms (three sittings each, one per category). From the repository root:
//   node -r ./tools/test/ts-register.cjs apps/exams-service/src/app/allocation/allocate-seats.bench.ts
// SEAT_CANDIDATES, SEAT_CENTRES, SEAT_ROOMS and SEAT_RUNS change the sizes and the number of runs.
import { allocateSeats } from './allocate-seats';
import { largeInput, shuffled } from './allocation.fixture';

const CANDIDATES = Number(process.env['SEAT_CANDIDATES'] ?? 20_000);
const CENTRES = Number(process.env['SEAT_CENTRES'] ?? 150);
const ROOMS = Number(process.env['SEAT_ROOMS'] ?? 10);
const RUNS = Number(process.env['SEAT_RUNS'] ?? 5);

const input = largeInput(CANDIDATES, CENTRES, ROOMS);
const timings: number[] = [];
let last: ReturnType<typeof allocateSeats> | null = null;
for (let run = 0; run < RUNS; run += 1) {
  // Each run reads the input in another order, as the database might hand it over.
  const shuffledInput = shuffled(input, run + 1);
  const started = process.hrtime.bigint();
  last = allocateSeats(shuffledInput);
  timings.push(Number(process.hrtime.bigint() - started) / 1e6);
}
const sorted = [...timings].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
process.stdout.write(
  `${CANDIDATES} candidates, ${CENTRES} centres of ${ROOMS} rooms: ${last?.seats.length ?? 0} seated, ${last?.unseated.length ?? 0} unseated; ` +
    `median ${median.toFixed(0)} ms of ${RUNS} runs (${timings.map((ms) => ms.toFixed(0)).join(', ')} ms)\n`,
);
