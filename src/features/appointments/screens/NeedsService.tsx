import { useTranslation } from '../../../i18n/use-translation';
import { ButtonLink } from '../../../ui/button/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { BOOK_BASE } from './use-choice';

/** A later step opened without a service chosen (or one no longer offered). */
export function NeedsService() {
  const { t } = useTranslation('appointments');
  return <EmptyState title={t('time.chooseFirst')} action={<ButtonLink variant="primary" to={BOOK_BASE}>{t('services.choose')}</ButtonLink>} />;
}
