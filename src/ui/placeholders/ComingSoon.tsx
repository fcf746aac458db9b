// The frame of a screen whose content arrives with a later part of the product:
// its title and an honest empty state, so every route of the app resolves.
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../page-title';
import { EmptyState } from '../empty-state/index';

export function ComingSoon({ titleKey, emptyKey }: { titleKey: ParseKeys<'shell'>; emptyKey: ParseKeys<'shell'> }) {
  const { t } = useTranslation();
  const title = usePageTitle(titleKey);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <EmptyState title={t(emptyKey)} body={t('empty.comingSoon')} />
    </section>
  );
}
