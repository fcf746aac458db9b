import { useTranslation } from 'react-i18next';
import type { WhiteboardVisibility } from '../../data/api/types';
import { EmptyState } from '../../components/empty-state';

/** Why a class's whiteboard is hidden: booking shows it (attending), or it is not shared at all. */
export function WhiteboardNotShared({ visibility }: { visibility: WhiteboardVisibility }) {
  const { t } = useTranslation();
  return visibility === 'attending'
    ? <EmptyState title={t('classWorkouts.bookToSee')} body={t('classWorkouts.bookToSeeHint')} />
    : <EmptyState title={t('classWorkouts.notShared')} />;
}
