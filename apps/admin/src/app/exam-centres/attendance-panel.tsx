import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@kbe/api-client';
import { ATTENDANCE_CSV_COLUMNS, countOf, EXAM_LEVELS, type AttendanceImportResult, type CentreView, type ExamLevel, type RoomAttendance } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { CsvImportButtons, CsvImportFields, ImportProblemsTable } from '../csv-import';
import { FilterSelect } from '../list-controls';

const sameRoom = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const paperKey = (room: RoomAttendance) => `${room.room}|${room.date}|${room.startTime}`;

/** One room of one paper: its seats as a checklist of absentees, the recorded counts, Save room. */
function RoomChecklist({ room, absent, sharedWith, canWrite, saving, error, onToggle, onSave }: {
  room: RoomAttendance;
  absent: ReadonlySet<string>;
  /** Other papers of the level in the same room: the server records a room for all of them at once. */
  sharedWith: number;
  canWrite: boolean;
  saving: boolean;
  error: string | null;
  onToggle: (rollNumber: string, isAbsent: boolean) => void;
  onSave: () => void;
}) {
  const id = `attendance-${paperKey(room).replace(/[^A-Za-z0-9]+/g, '-')}`;
  const unmarked = room.seats.length - room.present - room.absent;
  const changed = room.seats.some((seat) => (seat.absent === true) !== absent.has(seat.rollNumber) || seat.absent === null);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 p-3" aria-describedby={`${id}-counts`}>
      <legend className="px-1 font-semibold">
        Room {room.room}, {room.date} {room.startTime}
      </legend>
      <p id={`${id}-counts`} className="text-sm text-slate-800" data-testid="room-counts">
        Recorded: {room.present} present, {room.absent} absent, {unmarked} unmarked of {countOf(room.seats.length, 'seat')}.
      </p>
      <p className="text-sm text-slate-700">Tick the candidates who were absent; Save room records every other seat as present.</p>
      <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {room.seats.map((seat) => {
          const inputId = `${id}-${seat.rollNumber}`;
          return (
            <li key={seat.rollNumber} className="flex min-h-11 items-center gap-2">
              <input
                id={inputId}
                type="checkbox"
                className="h-5 w-5 shrink-0"
                checked={absent.has(seat.rollNumber)}
                disabled={!canWrite || saving}
                onChange={(e) => onToggle(seat.rollNumber, e.target.checked)}
              />
              <label htmlFor={inputId} className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
                <span className="tabular-nums">Seat {seat.seatInRoom}</span>
                <span className="font-mono break-all">{seat.rollNumber}</span>
                <span className="sr-only">absent</span>
                {seat.absent === null ? <Badge variant="outline">not recorded</Badge> : null}
              </label>
            </li>
          );
        })}
      </ul>
      {sharedWith > 0 ? (
        <p className="text-sm text-amber-900">Room {room.room} holds {countOf(sharedWith, 'other paper')} of this level: Save room records them together, with the ticks shown there.</p>
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>Room {room.room} was not saved</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <Button className="self-start" disabled={!canWrite || saving} title={canWrite ? undefined : 'Viewers cannot record attendance'} onClick={onSave}>
        {saving ? 'Saving...' : `Save room ${room.room}`}
        {changed && !saving ? <span className="sr-only"> (not saved yet)</span> : null}
      </Button>
    </fieldset>
  );
}

/** The invigilators' list as a CSV (rollNumber, absent): Check is a dry run with its problems; Import after a clean check of the same text. */
function AttendanceImport({ code, level, canWrite, onImported }: { code: string; level: ExamLevel; canWrite: boolean; onImported: () => void }) {
  const api = useAdminApi();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<AttendanceImportResult | null>(null);
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const cleanCheck = report !== null && report.dryRun && report.problems.length === 0 && checkedCsv === csv;

  function changeText(text: string) {
    setCsv(text);
    setRefusal(null);
  }

  async function send(dryRun: boolean) {
    setBusy(dryRun ? 'check' : 'import');
    setRefusal(null);
    try {
      const answer = await api.importAttendance(code, { level, csv, dryRun });
      setReport(answer);
      setCheckedCsv(dryRun ? csv : null);
      if (!dryRun && answer.problems.length === 0) {
        toast({ title: 'Attendance Imported', description: `${answer.marked} marked, ${answer.unchanged} unchanged.` });
        onImported();
      }
    } catch (error) {
      setReport(null);
      setCheckedCsv(null);
      setRefusal(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="attendance-import-title" className="flex flex-col gap-3">
      <h3 id="attendance-import-title" className="text-lg font-semibold">
        Import the {level} attendance (CSV)
      </h3>
      <p className="text-sm text-slate-700 break-words">
        Columns: {ATTENDANCE_CSV_COLUMNS.join(', ')}; absent is yes or no (also true / false, 1 / 0, A / P). An import with any problem stores nothing.
      </p>
      <CsvImportFields idPrefix={`attendance-import-${code}`} csv={csv} canWrite={canWrite} linesHint="one line per candidate" rows={5} onChange={changeText} />
      <CsvImportButtons canWrite={canWrite} busy={busy} csv={csv} cleanCheck={cleanCheck} onCheck={() => void send(true)} onImport={() => void send(false)} />
      {refusal ? (
        <Alert variant="destructive">
          <AlertTitle>The CSV was refused</AlertTitle>
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      {report ? (
        <div className="flex flex-col gap-3" data-testid="attendance-import-report">
          <p role="status" className="text-sm text-slate-800">
            {report.problems.length > 0
              ? `${countOf(report.problems.length, 'problem')} found: nothing was stored. Fix the lines and check again.`
              : report.dryRun
                ? `No problems found: Import would mark ${countOf(report.marked, 'seat')} (${report.unchanged} unchanged). Nothing is stored yet.`
                : `Imported: ${countOf(report.marked, 'seat')} marked, ${report.unchanged} unchanged.`}
          </p>
          {report.problems.length > 0 ? (
            <ImportProblemsTable caption="Attendance problems by line" problems={report.problems} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Attendance of a centre's papers of one level (docs/seat-allocation.md "Attendance"): each room
 * with its seats as a checklist of absentees, saved a room at a time, and the invigilators' CSV
 * import. Viewers read the marks; recording them is the admin's.
 */
export function AttendancePanel({ centre, canWrite, onClose }: { centre: Pick<CentreView, 'code' | 'name' | 'sittings'>; canWrite: boolean; onClose: () => void }) {
  const api = useAdminApi();
  const levels = EXAM_LEVELS.filter((level) => centre.sittings.some((sitting) => sitting.level === level));
  const options = (levels.length > 0 ? levels : EXAM_LEVELS).map((level) => ({ value: level, label: level }));
  const [level, setLevel] = useState<ExamLevel>(options[0]?.value ?? EXAM_LEVELS[0]);
  const [rooms, setRooms] = useState<RoomAttendance[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [absent, setAbsent] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<{ room: string; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), [centre.code]);

  const load = useCallback(
    async (signal?: { cancelled: boolean }) => {
      setLoadError(null);
      try {
        const answer = await api.attendance(centre.code, level);
        if (signal?.cancelled) return;
        setRooms(answer);
        setAbsent(new Set(answer.flatMap((room) => room.seats.filter((seat) => seat.absent === true).map((seat) => seat.rollNumber))));
      } catch (error) {
        if (signal?.cancelled) return;
        setRooms(null);
        setLoadError(errorMessage(error));
      }
    },
    [api, centre.code, level],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    setRooms(null);
    setSaveError(null);
    void load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  function toggle(rollNumber: string, isAbsent: boolean) {
    setAbsent((current) => {
      const next = new Set(current);
      if (isAbsent) next.add(rollNumber);
      else next.delete(rollNumber);
      return next;
    });
  }

  /** The server records a room of the level whole (every paper in it): send the ticks of all of them. */
  async function saveRoom(roomName: string) {
    if (!rooms) return;
    const absentRollNumbers = rooms
      .filter((room) => sameRoom(room.room, roomName))
      .flatMap((room) => room.seats.filter((seat) => absent.has(seat.rollNumber)).map((seat) => seat.rollNumber));
    setSaving(roomName);
    setSaveError(null);
    try {
      await api.markRoomAttendance(centre.code, { level, room: roomName, absentRollNumbers });
      toast({ title: 'Attendance Saved', description: `Room ${roomName}: ${countOf(absentRollNumbers.length, 'candidate')} absent, every other seat present.` });
      await load();
    } catch (error) {
      setSaveError({ room: roomName, message: errorMessage(error) });
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" ref={heading} tabIndex={-1}>
            Attendance at {centre.code}
          </CardTitle>
          <CardDescription>{centre.name}: who was absent from each paper. Results count only the candidates who sat it.</CardDescription>
        </div>
        <Button variant="outline" className="shrink-0" onClick={onClose}>
          Close attendance
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FilterSelect id="attendance-level" label="Level" value={level} options={options} onChange={setLevel} />
        {loadError ? (
          <Alert variant="destructive">
            <AlertTitle>The attendance did not load</AlertTitle>
            <AlertDescription>{loadError}</AlertDescription>
          </Alert>
        ) : null}
        {rooms === null && !loadError ? <p className="text-sm text-slate-700">Loading the rooms...</p> : null}
        {rooms !== null && rooms.length === 0 ? <p className="text-sm text-slate-700">No {level} seats are allocated at {centre.code}.</p> : null}
        {rooms?.map((room) => (
          <RoomChecklist
            key={paperKey(room)}
            room={room}
            absent={absent}
            sharedWith={rooms.filter((other) => other !== room && sameRoom(other.room, room.room)).length}
            canWrite={canWrite}
            saving={saving !== null && sameRoom(saving, room.room)}
            error={saveError && sameRoom(saveError.room, room.room) ? saveError.message : null}
            onToggle={toggle}
            onSave={() => void saveRoom(room.room)}
          />
        ))}
        <AttendanceImport key={level} code={centre.code} level={level} canWrite={canWrite} onImported={() => void load()} />
      </CardContent>
    </Card>
  );
}
