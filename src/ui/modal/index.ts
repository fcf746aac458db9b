export { Modal, MODAL_EXIT_MS, type ModalProps } from './Modal';
export { ConfirmHost } from './ConfirmHost';
export { confirm, confirmStore } from './confirmStore';
