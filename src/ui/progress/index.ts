export { ProgressToastHost } from './ProgressToastHost';
export {
  progress,
  PROGRESS_SUCCESS_MS,
  PROGRESS_ERROR_MS,
} from './progressStore';
export { runWithProgress, errorMessage } from './runWithProgress';
