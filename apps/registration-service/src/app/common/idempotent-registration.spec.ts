import type { IdempotencyStore } from './idempotency.store';
import { IdempotentRegistration, type RegistrationOutcome } from './idempotent-registration';
import type { PendingEventSource, PendingRegistrationEvent, RegistrationEventPublisher } from './registration-event.publisher';

interface Row {
  code: string;
}

function setup() {
  const steps: string[] = [];
  const keys = new Map<string, string>();
  const store: IdempotencyStore = {
    find: async (_kind, key) => keys.get(key) ?? null,
    remember: async (_kind, key, code) => {
      steps.push(`remember ${key}=${code}`);
      keys.set(key, code);
      return code;
    },
  };
  const rows = new Map<string, Row>();
  const records: PendingEventSource & { findByCode(code: string): Promise<Row | null> } = {
    name: 'rows',
    findByCode: async (code) => rows.get(code) ?? null,
    findPendingEvents: async () => [],
    markEventsQueued: async () => undefined,
  };
  const events = {
    queue: async (queued: readonly PendingRegistrationEvent[]) => void steps.push(`queue ${queued.map((event) => event.id).join()}`),
  };
  const registration = new IdempotentRegistration(store, events as unknown as RegistrationEventPublisher);
  const run = (key: string | undefined, outcome: () => RegistrationOutcome<Row>) =>
    registration.run({
      kind: 'school',
      key,
      records,
      codeOf: (row) => row.code,
      register: async () => {
        steps.push('register');
        const result = outcome();
        rows.set(result.record.code, result.record);
        return result;
      },
    });
  return { run, steps };
}

const event = (id: string): PendingRegistrationEvent =>
  ({ id, topic: 'school.registered', key: 'SCH-AAAAAA', payload: {} }) as unknown as PendingRegistrationEvent;

describe('IdempotentRegistration', () => {
  it('remembers the key (started first) and queues the event of a new record', async () => {
    const { run, steps } = setup();
    await expect(run('k1', () => ({ record: { code: 'SCH-AAAAAA' }, event: event('e1') }))).resolves.toEqual({
      record: { code: 'SCH-AAAAAA' },
      replayed: false,
    });
    expect(steps).toEqual(['register', 'remember k1=SCH-AAAAAA', 'queue e1']);
  });

  it('answers a retried key with the first record without running the rule again', async () => {
    const { run, steps } = setup();
    await run('k1', () => ({ record: { code: 'SCH-AAAAAA' }, event: event('e1') }));
    const again = await run('k1', () => ({ record: { code: 'SCH-BBBBBB' }, event: event('e2') }));
    expect(again).toEqual({ record: { code: 'SCH-AAAAAA' }, replayed: true });
    expect(steps.filter((step) => step === 'register')).toHaveLength(1);
  });

  it('remembers the key of a record stored before and queues nothing for it', async () => {
    const { run, steps } = setup();
    const result = await run('k2', () => ({ record: { code: 'SCH-CCCCCC' }, existing: true }));
    expect(result).toEqual({ record: { code: 'SCH-CCCCCC' }, replayed: true });
    expect(steps).toEqual(['register', 'remember k2=SCH-CCCCCC']);
  });

  it('without a key, neither looks up nor remembers one', async () => {
    const { run, steps } = setup();
    await run(undefined, () => ({ record: { code: 'SCH-DDDDDD' }, event: event('e3') }));
    expect(steps).toEqual(['register', 'queue e3']);
  });
});
