import { useTranslation } from '../../../i18n/use-translation';
import type { WhiteboardVisibility } from '../../../../core/contract/types';
import { EmptyState } from '../../../ui/empty-state/index';

/** Why a class's whiteboard is hidden: booking shows it (attending), or it is not shared at all. */
export function WhiteboardNotShared({ visibility }: { visibility: WhiteboardVisibility }) {
  const { t } = useTranslation('training');
  return visibility === 'attending'
    ? <EmptyState title={t('classWorkouts.bookToSee')} body={t('classWorkouts.bookToSeeHint')} />
    : <EmptyState title={t('classWorkouts.notShared')} />;
}
