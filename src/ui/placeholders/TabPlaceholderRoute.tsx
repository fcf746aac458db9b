import { TabPlaceholder } from './TabPlaceholder';

export default function TabPlaceholderRoute({ emptyKey }: { emptyKey: string }) {
  return <TabPlaceholder emptyKey={emptyKey} />;
}
