export { preloadToastView, ToastHost } from './ToastHost';
export {
  toast,
  TOAST_EXIT_MS,
  MAX_TOASTS,
  type ToastStatus,
} from './toastStore';
