import { DataRequestQueue } from './data-request-queue';
import { RetentionPanel } from './retention-panel';

/** Privacy tab (issue 25, DPDP Act): guardians' data requests and the retention purge. Viewers read; admins act. */
export default function PrivacyTab() {
  return (
    <div className="flex flex-col gap-6">
      <DataRequestQueue />
      <RetentionPanel />
    </div>
  );
}
