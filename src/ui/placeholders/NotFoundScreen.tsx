import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { usePageTitle } from '../page-title';
import { EmptyState } from '../empty-state/index';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const title = usePageTitle('notFound.title');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <EmptyState title={t('notFound.body')} action={<Link className="btn btn--primary" to="/classes">{t('notFound.home')}</Link>} />
    </section>
  );
}
