import { describe, expect, it } from 'vitest';
import { createTestI18n } from './index';

describe('typed translation keys', () => {
  it('a misspelt key fails typecheck (npm run typecheck runs this file through tsconfig.node.json)', () => {
    const { t } = createTestI18n('en-US', {});
    // @ts-expect-error 'titles.clases' is not a key of the shell's strings
    expect(t('titles.clases')).toBe('titles.clases');
    // @ts-expect-error a training key is not read from the shell's namespace
    expect(t('training.logWorkout')).toBe('training.logWorkout');
    expect(t('titles.classes')).toBe('titles.classes');
  });
});
