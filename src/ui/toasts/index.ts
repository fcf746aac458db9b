export { ToastHost } from './ToastHost';
export {
  toast,
  defaultDuration,
  TOAST_DURATION_MS,
  TOAST_EXIT_MS,
  MAX_TOASTS,
  type ToastAction,
  type ToastOptions,
  type ToastRecord,
  type ToastStatus,
} from './toastStore';
