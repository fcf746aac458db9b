// The dialog confirm() asks with, in its own chunk: the first screen never needs it.
import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { confirmStore, type ConfirmRequest } from './confirmStore';
import { Modal } from './Modal';

export default function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const { t } = useTranslation();
  // The safe choice gets focus, so a stray Enter never confirms something destructive.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const answer = (value: boolean) => confirmStore.answer(request.id, value);
  return (
    <Modal
      open={!request.answered}
      onClose={() => answer(false)}
      onExited={() => confirmStore.remove(request.id)}
      title={request.title}
      role="alertdialog"
      describedByBody
      size="sm"
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="btn btn--secondary" onClick={() => answer(false)}>
            {request.cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className={request.danger ? 'btn btn--danger' : 'btn btn--primary'}
            onClick={() => answer(true)}
          >
            {request.confirmLabel ?? t('common.ok')}
          </button>
        </>
      }
    >
      {typeof request.body === 'string' ? <p>{request.body}</p> : request.body}
    </Modal>
  );
}
