import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pagination } from '@kbe/contracts';
import { toast } from '@kbe/ui';

import { useDebouncedValue } from './use-debounced-value.hook';

export interface PagedListState<T> {
  items: T[];
  pagination: Pagination;
  loading: boolean;
  page: number;
  setPage: (page: number) => void;
  reload: () => void;
}

export interface PagedListOptions<Q, T> {
  /** Search text and filters; a change waits 300 ms, then asks the server for page 1. */
  query: Q;
  fetchPage: (query: Q & { page: number }, signal: AbortSignal) => Promise<{ items: T[]; pagination: Pagination }>;
  /** Toast text when the list cannot be loaded (spec section 8); the list is then emptied. */
  failureMessage: string;
  /** Replaces the default 'Error' toast (e.g. the hall ticket manager's own title). */
  onError?: (message: string) => void;
}

const EMPTY: Pagination = { current: 1, pages: 0, total: 0 };

/** A server-side paged list: debounced query, page number, loading flag, spec section 8 error toast. */
export function usePagedList<Q extends object, T>({ query, fetchPage, failureMessage, onError }: PagedListOptions<Q, T>): PagedListState<T> {
  const key = JSON.stringify(query);
  const debouncedKey = useDebouncedValue(key);
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [items, setItems] = useState<T[]>([]);
  const [pagination, setPagination] = useState<Pagination>(EMPTY);
  const [loading, setLoading] = useState(true);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const lastKey = useRef(debouncedKey);

  // A new search or filter starts again at page 1.
  const effectivePage = lastKey.current === debouncedKey ? page : 1;

  useEffect(() => {
    if (lastKey.current !== debouncedKey) {
      lastKey.current = debouncedKey;
      setPage(1);
    }
    const controller = new AbortController();
    setLoading(true);
    fetchRef.current({ ...(JSON.parse(debouncedKey) as Q), page: effectivePage }, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setItems(answer.items);
        setPagination(answer.pagination);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setItems([]);
        setPagination(EMPTY);
        setLoading(false);
        const message = error instanceof Error && error.message ? error.message : failureMessage;
        if (onErrorRef.current) onErrorRef.current(message);
        else toast({ title: 'Error', description: message, variant: 'destructive' });
      },
    );
    return () => controller.abort();
  }, [debouncedKey, effectivePage, reloads, failureMessage]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { items, pagination, loading, page: effectivePage, setPage, reload };
}
