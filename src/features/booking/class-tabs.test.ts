// The class page's tabs: booking's own, plus the ones the training slice registers from its module.
import { describe, expect, it } from 'vitest';
import { classTabs, registerClassTab } from './class-tabs';

describe('class tabs', () => {
  it('booking alone has overview and online; training adds workouts and leaderboard between them, once', async () => {
    expect(classTabs().map((tab) => tab.path)).toEqual(['', 'online']);
    await import('../training/class-tabs');
    const registered = classTabs().find((tab) => tab.path === 'workouts')!;
    registerClassTab(registered);
    expect(classTabs().map((tab) => [tab.path, tab.label])).toEqual([
      ['', 'tabs.overview'],
      ['workouts', 'tabs.workouts'],
      ['leaderboard', 'tabs.leaderboard'],
      ['online', 'tabs.online'],
    ]);
  });
});
