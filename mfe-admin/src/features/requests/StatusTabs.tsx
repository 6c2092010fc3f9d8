import { type AdminQueueTab, adminQueueTabLabels, adminQueueTabs } from '@meritmatch/contracts';
import { TabList } from '../../shared/TabList';

const statusTabs = adminQueueTabs.map((status) => ({ key: status, label: adminQueueTabLabels[status] }));

/**
 * pending, approved, rejected, connected (and the requests awaiting the candidate) as an ARIA tab
 * list (`TabList`).
 */
export function StatusTabs({
  base,
  current,
  onSelect,
}: {
  base: string;
  current: AdminQueueTab;
  onSelect: (status: AdminQueueTab) => void;
}) {
  return (
    <TabList base={base} label="Request status" tabs={statusTabs} current={current} onSelect={onSelect} />
  );
}
