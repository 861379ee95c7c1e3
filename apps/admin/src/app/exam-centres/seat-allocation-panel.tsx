import { useState } from 'react';
import Loader2 from 'lucide-react/icons/loader-2';
import { countOf, EXAM_LEVELS, type ExamLevel, type SeatAllocationJob } from '@kbe/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Progress,
} from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { DataTable, FilterSelect, SearchField } from '../list-controls';
import { LEVEL_OPTIONS, paperOf, UNSEATED_REASON_LABELS } from './exam-centres-format';
import { useSeatAllocation } from './use-seat-allocation.hook';

const RESEAT_HINT = 'Frees every seat an earlier allocation gave whose hall ticket is not released yet, then allocates again. Seats typed by hand and released hall tickets keep theirs.';

/** What the job did (or, in a dry run, would do): the counts, the candidates left unseated with why, each room's use. */
function AllocationReport({ job }: { job: SeatAllocationJob }) {
  const [centreFilter, setCentreFilter] = useState('');
  const filter = centreFilter.trim().toUpperCase();
  const rooms = filter ? job.rooms.filter((room) => room.centreCode.startsWith(filter)) : job.rooms;
  const counts: [string, number][] = [
    [job.dryRun ? 'Would be seated' : 'Seated', job.seated],
    ['Kept (allocated earlier)', job.kept.allocated],
    ['Kept (seat typed by hand)', job.kept.manual],
    ['Unseated', job.unseated.count],
  ];
  const listed = job.unseated.items.length;
  return (
    <section aria-labelledby="allocation-report-title" className="flex flex-col gap-4" data-testid="allocation-report">
      <h3 id="allocation-report-title" className="text-lg font-semibold">
        {job.dryRun ? `Dry run of the ${job.level} allocation` : `${job.level} allocation`}
      </h3>
      <p role="status" className="text-sm text-slate-800">
        {job.dryRun ? 'A dry run stores nothing: this is what Allocate would do now. ' : 'The seats are stored and handed to the candidates. '}
        {countOf(job.total, 'eligible candidate')} (fees paid, consent given).
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-md border border-slate-200 bg-white px-3 py-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
      {job.unseated.count > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="font-semibold">Candidates without a seat</h4>
          {listed < job.unseated.count ? <p className="text-sm text-slate-700">The first {listed} of {job.unseated.count} are listed.</p> : null}
          <DataTable caption="Candidates without a seat" columns={['Candidate', 'Why']} loading={false} loadingText="" isEmpty={false} emptyText="">
            {job.unseated.items.map((item) => (
              <tr key={item.candidateCode} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2 font-mono">{item.candidateCode}</td>
                <td className="px-3 py-2">{UNSEATED_REASON_LABELS[item.reason]}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <h4 className="font-semibold">Rooms</h4>
        <SearchField id="allocation-room-filter" label="Show the rooms of centres whose code starts with" value={centreFilter} onChange={setCentreFilter} />
        <DataTable
          caption={`Rooms of the ${job.level} sittings`}
          columns={['Centre', 'Room', 'Paper', 'Used / capacity']}
          loading={false}
          loadingText=""
          isEmpty={rooms.length === 0}
          emptyText={job.rooms.length === 0 ? `No centre has a ${job.level} sitting yet` : 'No room of a centre with that code'}
        >
          {rooms.map((room) => {
            const full = room.used >= room.capacity;
            return (
              <tr key={`${room.centreCode}|${room.date}|${room.startTime}|${room.room}`} className={full ? 'border-t border-slate-200 bg-amber-50' : 'border-t border-slate-200'}>
                <td className="px-3 py-2 font-mono">{room.centreCode}</td>
                <td className="px-3 py-2">{room.room}</td>
                <td className="px-3 py-2">{paperOf(room)}</td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                  {room.used} / {room.capacity} {full ? <Badge variant="accent">Full</Badge> : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </div>
    </section>
  );
}

/**
 * Seat allocation of a level (docs/seat-allocation.md): a dry run shows the plan; Allocate, once
 * confirmed, stores the seats. Progress while the job runs, then its report. A refusal (409 while
 * an allocation of the level runs) is shown as the server words it.
 */
export function SeatAllocationPanel({ canWrite }: { canWrite: boolean }) {
  const api = useAdminApi();
  const allocation = useSeatAllocation(api);
  const [level, setLevel] = useState<ExamLevel>(EXAM_LEVELS[0]);
  const [reseat, setReseat] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [dryRun, setDryRun] = useState(true);
  const { job, running, error } = allocation;

  function start(asDryRun: boolean) {
    setConfirming(false);
    setDryRun(asDryRun);
    void allocation.start({ level, dryRun: asDryRun, reseat });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Seat allocation</CardTitle>
        <CardDescription>
          Seats every candidate of the level with fees paid and consent given who has no seat yet: their taluka first, then their district, then the nearest districts.
          Seats already given stay where they are.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FilterSelect id="allocation-level" label="Level" value={level} options={LEVEL_OPTIONS} onChange={setLevel} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={!canWrite || running} onClick={() => start(true)}>
              {running && dryRun ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
              Dry run
            </Button>
            <Button disabled={!canWrite || running} title={canWrite ? undefined : 'Viewers cannot allocate seats'} onClick={() => setConfirming(true)}>
              {running && !dryRun ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
              Allocate
            </Button>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input id="allocation-reseat" type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={reseat} disabled={!canWrite || running} aria-describedby="allocation-reseat-hint" onChange={(e) => setReseat(e.target.checked)} />
          <div className="flex flex-col gap-0.5">
            <label htmlFor="allocation-reseat" className="text-sm font-semibold">
              Re-seat
            </label>
            <p id="allocation-reseat-hint" className="text-sm text-slate-700">
              {RESEAT_HINT}
            </p>
          </div>
        </div>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>The allocation did not start</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {job && running ? (
          <div className="flex flex-col gap-1" data-testid="allocation-progress">
            <p id="allocation-progress-label" className="text-sm text-slate-800">
              {job.dryRun ? 'Planning' : 'Allocating'} the {job.level} seats: {job.status === 'queued' ? 'waiting to start' : `${job.processed} of ${job.total}`} ({job.percent}%)
            </p>
            <Progress value={job.percent} aria-labelledby="allocation-progress-label" />
          </div>
        ) : null}
        {job && !running && job.status === 'failed' ? (
          <Alert variant="destructive">
            <AlertTitle>The {job.level} allocation failed</AlertTitle>
            <AlertDescription>{job.error ?? 'The job stopped without a reason. Running it again is safe.'}</AlertDescription>
          </Alert>
        ) : null}
        {job && !running && job.status === 'completed' ? <AllocationReport key={job.id} job={job} /> : null}
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        {confirming ? (
          <DialogContent role="alertdialog">
            <DialogHeader>
              <DialogTitle>Allocate the {level} seats?</DialogTitle>
              <DialogDescription>
                {reseat ? `Re-seat: ${RESEAT_HINT}` : 'Candidates without a seat are seated; nobody seated already moves.'} Roll numbers issued now are printed on the hall tickets.
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap gap-2">
              <Button variant={reseat ? 'destructive' : 'default'} onClick={() => start(false)}>
                {reseat ? 'Re-seat and allocate' : 'Allocate seats'}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
