// One way for a screen to run a member's command: ask first when it needs asking, show the
// progress box while it runs, then the success text or the failure in words. Screens used to copy
// this sequence by hand, and the copies drifted (a missing confirm, an English error).
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { TFunction } from 'i18next';
import { confirm, type ConfirmOptions } from './modal/confirmStore';
import { progress } from './progress/progressStore';
import { describeError } from './describe-error';

export type { ConfirmOptions };

export interface CommandOptions<T> {
  /**
   * Asked before anything runs; the command runs only when the member confirms. A function may
   * decide first (e.g. count unsent changes) and answer null to run without asking.
   */
  confirm?: ConfirmOptions | (() => Promise<ConfirmOptions | null> | ConfirmOptions | null);
  /** Shown while the command runs, e.g. "Saving…". Without it the box is left alone until an outcome. */
  loading?: string;
  /**
   * Shown briefly when it succeeds. A function is read after the command, so a text that
   * depends on the result (or on a language just changed) is right. Without it the box hides
   * when a loading text was shown, and is left alone otherwise.
   */
  success?: string | ((value: T) => string);
  /** Words for a failure when the screen knows better than describeError; undefined falls back to it. */
  describe?: (error: unknown) => string | undefined;
}

export type CommandResult<T> =
  | { ok: true; value: T }
  | { ok: false; cancelled: true }
  | { ok: false; cancelled: false; error: unknown };

/** Runs `run` as described by `options`; never throws (the result says how it went). */
export async function runCommand<T>(t: TFunction, run: () => Promise<T> | T, options: CommandOptions<T> = {}): Promise<CommandResult<T>> {
  try {
    const question = typeof options.confirm === 'function' ? await options.confirm() : options.confirm;
    if (question && !(await confirm(question))) return { ok: false, cancelled: true };
    if (options.loading !== undefined) progress.start(options.loading);
    const value = await run();
    const success = typeof options.success === 'function' ? options.success(value) : options.success;
    if (success !== undefined) progress.success(success);
    else if (options.loading !== undefined) progress.hide();
    return { ok: true, value };
  } catch (error) {
    progress.error(options.describe?.(error) ?? describeError(error, t));
    return { ok: false, cancelled: false, error };
  }
}

export type RunCommand = <T>(run: () => Promise<T> | T, options?: CommandOptions<T>) => Promise<CommandResult<T>>;

/** runCommand bound to the screen's translations. */
export function useCommand(): RunCommand {
  const { t } = useTranslation();
  return useCallback<RunCommand>((run, options) => runCommand(t, run, options), [t]);
}
