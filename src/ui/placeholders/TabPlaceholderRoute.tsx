import type { ParseKeys } from 'i18next';
import { TabPlaceholder } from './TabPlaceholder';

export default function TabPlaceholderRoute({ emptyKey }: { emptyKey: ParseKeys<'shell'> }) {
  return <TabPlaceholder emptyKey={emptyKey} />;
}
