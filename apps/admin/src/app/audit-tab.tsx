import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { DataTable, Pager, SearchField } from './list-controls';
import { usePagedList } from './use-paged-list.hook';

const describe = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

/** Audit tab (admins only): who changed what, when, from which address; newest first. */
export default function AuditTab() {
  const api = useAdminApi();
  const [target, setTarget] = useState('');
  const list = usePagedList({
    query: { target },
    failureMessage: 'Failed to load the audit log',
    fetchPage: async (q, signal) => {
      const answer = await api.audit({ target: q.target.trim() || undefined, page: q.page, limit: 20 }, signal);
      return { items: answer.entries, pagination: answer.pagination };
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchField id="audit-target" label="Filter by candidate ID, mentor code, job or campaign" value={target} onChange={setTarget} />
        <DataTable
          caption="Audit log"
          columns={['When', 'Who', 'Action', 'Target', 'Details', 'Address']}
          loading={list.loading}
          loadingText="Loading audit log..."
          isEmpty={list.items.length === 0}
          emptyText="No audit entries found"
        >
          {list.items.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200 align-top">
              <td className="whitespace-nowrap px-3 py-2">{new Date(entry.at).toLocaleString('en-IN')}</td>
              <td className="px-3 py-2">
                {entry.actor} ({entry.role})
              </td>
              <td className="px-3 py-2 font-mono">{entry.action}</td>
              <td className="px-3 py-2">
                {entry.target.type} {entry.target.id}
              </td>
              <td className="max-w-xs break-words px-3 py-2">{describe(entry.details)}</td>
              <td className="px-3 py-2 font-mono">{entry.ip}</td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Audit log" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
    </Card>
  );
}
