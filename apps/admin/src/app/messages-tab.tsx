import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { DataTable, Pager, SearchField } from './list-controls';
import { usePagedList } from './use-paged-list.hook';

/** Messages tab (admins only): the contact form's inbox, newest first (DECISIONS). */
export default function MessagesTab() {
  const api = useAdminApi();
  const [search, setSearch] = useState('');
  const list = usePagedList({
    query: { search },
    failureMessage: 'Failed to load messages',
    fetchPage: async (q, signal) => {
      const answer = await api.messages({ search: q.search.trim() || undefined, page: q.page, limit: 20 }, signal);
      return { items: answer.messages, pagination: answer.pagination };
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Contact messages</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchField id="messages-search" label="Search by name, email or text" value={search} onChange={setSearch} />
        <DataTable
          caption="Contact messages"
          columns={['Received', 'Name', 'Email', 'Grade level', 'Message']}
          loading={list.loading}
          loadingText="Loading messages..."
          isEmpty={list.items.length === 0}
          emptyText="No messages found"
        >
          {list.items.map((item) => (
            <tr key={item.id} className="border-t border-slate-200 align-top">
              <td className="whitespace-nowrap px-3 py-2">{new Date(item.createdAt).toLocaleString('en-IN')}</td>
              <td className="px-3 py-2">
                {item.firstName} {item.lastName}
              </td>
              <td className="px-3 py-2">
                <a className="text-indigo-700 underline" href={`mailto:${item.email}`}>
                  {item.email}
                </a>
              </td>
              <td className="px-3 py-2">{item.gradeLevel}</td>
              <td className="max-w-md whitespace-pre-wrap break-words px-3 py-2">{item.message}</td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Messages" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
    </Card>
  );
}
