import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state/index';

/** A tab whose content arrives with a later part of the product. */
export function TabPlaceholder({ emptyKey }: { emptyKey: ParseKeys<'shell'> }) {
  const { t } = useTranslation();
  return <EmptyState title={t(emptyKey)} body={t('empty.comingSoon')} />;
}
