import type { PortalSession } from '@kbe/contracts/zod-free';

/** Why the portal is back at its sign-in form: a key of PORTAL_MESSAGES. */
export type SignInNotice = 'sessionExpired' | 'signInRequired';

/**
 * The signed-in school or mentor, kept in the tab's sessionStorage (not localStorage: a shared
 * school computer forgets it when the tab closes). One store per page; components read it with
 * useSyncExternalStore, so signing out in one place shows the sign-in form everywhere.
 */
export interface PortalSessionStore {
  /** The session, the same object until it changes (a snapshot for useSyncExternalStore). */
  read(): PortalSession | null;
  save(session: PortalSession): void;
  /** Forgets the session; `notice` tells the sign-in form why (a 401: the session has ended). */
  end(notice?: SignInNotice): void;
  /** Why the last session ended, until a new one starts. */
  notice(): SignInNotice | null;
  subscribe(listener: () => void): () => void;
}

export const PORTAL_SESSION_KEY = 'kbe.schoolPortal.session';

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage switched off: the session lasts as long as the page
  }
};

const isSession = (value: unknown): value is PortalSession => {
  const session = value as Partial<PortalSession> | null;
  return typeof session?.token === 'string' && typeof session.code === 'string' && (session.role === 'school' || session.role === 'mentor');
};

export function createPortalSessionStore(storage: () => Storage | undefined = browserStorage): PortalSessionStore {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let cachedRaw: string | null = null;
  let cached: PortalSession | null = null;
  let lastNotice: SignInNotice | null = null;

  const rawValue = (): string | null => {
    const store = storage();
    return store ? store.getItem(PORTAL_SESSION_KEY) : memory;
  };
  const write = (raw: string | null) => {
    const store = storage();
    if (!store) memory = raw;
    else if (raw === null) store.removeItem(PORTAL_SESSION_KEY);
    else store.setItem(PORTAL_SESSION_KEY, raw);
    listeners.forEach((listener) => listener());
  };

  return {
    read() {
      const raw = rawValue();
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        try {
          const parsed: unknown = raw === null ? null : JSON.parse(raw);
          cached = isSession(parsed) ? parsed : null;
        } catch {
          cached = null;
        }
      }
      return cached;
    },
    save(session) {
      lastNotice = null;
      write(JSON.stringify(session));
    },
    end(notice) {
      lastNotice = notice ?? null;
      write(null);
    },
    notice: () => lastNotice,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
