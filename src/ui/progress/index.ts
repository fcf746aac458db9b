export { ProgressToastHost } from './ProgressToastHost';
export {
  progress,
  PROGRESS_SUCCESS_MS,
  PROGRESS_ERROR_MS,
  type ProgressPhase,
  type ProgressState,
  type ProgressFallbackKey,
} from './progressStore';
export { runWithProgress, errorMessage, type ProgressResult, type RunWithProgressOptions } from './runWithProgress';
