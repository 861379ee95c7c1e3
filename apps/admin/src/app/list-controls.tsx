import type { ReactNode } from 'react';
import type { Pagination } from '@kbe/contracts';
import { Button, Input, Label, NativeSelect } from '@kbe/ui';

/** 'Page 2 of 5 (93 in total)' with Previous / Next; the server does the paging. */
export function Pager({ label, pagination, page, onPage }: { label: string; pagination: Pagination; page: number; onPage: (page: number) => void }) {
  const pages = Math.max(pagination.pages, 1);
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <p aria-live="polite">
        Page {Math.min(page, pages)} of {pages} ({pagination.total} in total)
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

export function SearchField({ id, label, value, onChange, placeholder }: { id: string; label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} className="min-h-11" />
    </div>
  );
}

export function FilterSelect<V extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  return (
    <div className="flex flex-col gap-1.5 sm:w-48">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * A table that scrolls sideways inside its own box on a phone (the page itself never does), with
 * the loading and empty texts of the spec in one row spanning every column.
 */
export function DataTable({ caption, columns, loading, loadingText, emptyText, isEmpty, children }: {
  caption: string;
  columns: string[];
  loading: boolean;
  loadingText: string;
  emptyText: ReactNode;
  isEmpty: boolean;
  children: ReactNode;
}) {
  // `relative`: the absolutely positioned sr-only labels in wide rows stay inside this scroll
  // box; without it they widen the whole page on a phone.
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[640px] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading || isEmpty ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-700">
                {loading ? <span role="status">{loadingText}</span> : emptyText}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
