// The class page's child routes come from the tab registry, in the order the tabs show.
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from './routes';

describe('class page routes', () => {
  it('has the overview as index, then workouts, leaderboard and online', () => {
    const classPage = signedInRoutes.find((route) => route.path === '/classes/:id')!;
    expect(classPage.children!.map((route) => (route.index ? 'index' : route.path))).toEqual(['index', 'workouts', 'leaderboard', 'online']);
  });
});
