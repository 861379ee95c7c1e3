import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { DataTable, Pager, SearchField } from './list-controls';
import { usePagedList } from './use-paged-list.hook';

/** Schools tab (admins and viewers): registered schools, searched by name on the server, paged. */
export function SchoolsTab() {
  const api = useAdminApi();
  const [search, setSearch] = useState('');
  const list = usePagedList({
    query: { search },
    failureMessage: 'Failed to load schools',
    fetchPage: async (q, signal) => {
      const answer = await api.schools({ search: q.search.trim() || undefined, page: q.page, limit: 20 }, signal);
      return { items: answer.schools, pagination: answer.pagination };
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Schools</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchField id="school-search" label="Search by school name" value={search} onChange={setSearch} />
        <DataTable
          caption="Schools"
          columns={['School Code', 'School Name', 'UDISE Code', 'Type', 'Contact', 'City', 'State', 'Principal']}
          loading={list.loading}
          loadingText="Loading schools..."
          isEmpty={list.items.length === 0}
          emptyText="No schools found"
        >
          {list.items.map((school) => (
            <tr key={school.schoolCode} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 font-mono">{school.schoolCode}</td>
              <td className="px-3 py-2">{school.schoolName}</td>
              <td className="px-3 py-2 font-mono">{school.udiseCode}</td>
              <td className="px-3 py-2">{school.schoolType}</td>
              <td className="px-3 py-2">{school.contact}</td>
              <td className="px-3 py-2">{school.city}</td>
              <td className="px-3 py-2">{school.state}</td>
              <td className="px-3 py-2">
                {school.principalName}
                <span className="block text-slate-700">{school.principalContact}</span>
              </td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Schools" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
    </Card>
  );
}
