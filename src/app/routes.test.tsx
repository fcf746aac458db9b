// The class page's child routes come from the tab registry, in the order the tabs show.
import { describe, expect, it } from 'vitest';
import { preloadRoute, signedInRoutes, screenOf, routeTemplate } from './routes';

describe('class page routes', () => {
  it('has the overview as index, then workouts, leaderboard and online', () => {
    const classPage = signedInRoutes.find((route) => route.path === '/classes/:id')!;
    expect(classPage.children!.map((route) => (route.index ? 'index' : route.path))).toEqual(['index', 'workouts', 'leaderboard', 'online']);
  });
});

describe('preloading the route from the URL', () => {
  const preloadOf = (path: string) => signedInRoutes.find((route) => route.path === path)?.handle as { preload: () => PromiseLike<{ default: unknown }> };

  it('gives / the timetable, as /classes', () => {
    expect(preloadOf('/').preload).toBe(preloadOf('/classes').preload);
  });

  it('starts the screen a URL shows, and once loaded answers at once, so React.lazy never suspends (no 300 ms throttle)', async () => {
    preloadRoute('/no-such-page');
    await preloadOf('*').preload();
    let module: unknown;
    void preloadOf('*').preload().then((loaded) => (module = loaded));
    expect(module).toMatchObject({ default: expect.any(Function) });
  });
});

describe('which screen a path shows (a new one starts at the top)', () => {
  it('a class’s tabs and a workout’s id made real stay one screen; another route is another screen', () => {
    expect(screenOf('/classes/12')).toBe(screenOf('/classes/12/workouts'));
    expect(screenOf('/classes/12')).not.toBe(screenOf('/classes'));
    expect(screenOf('/training/workouts/lift/-3')).toBe(screenOf('/training/workouts/lift/17'));
    expect(screenOf('/invite/abc')).not.toBe(screenOf('/classes'));
    expect(screenOf('/appointments/book/time')).toBe(screenOf('/appointments/book'));
    expect(screenOf('/no/such/page')).toBe('/no/such/page');
  });
});

describe('the route template an error report or a vital names (never a concrete id)', () => {
  it('names the pattern the path matched, a class tab included', () => {
    expect(routeTemplate('/classes/12')).toBe('/classes/:id');
    expect(routeTemplate('/classes/12/workouts')).toBe('/classes/:id/workouts');
    expect(routeTemplate('/classes')).toBe('/classes');
    expect(routeTemplate('/training/workouts/lift/-3/edit')).toBe('/training/workouts/lift/:id/edit');
    expect(routeTemplate('/appointments/book/time')).toBe('/appointments/book/:step?');
    expect(routeTemplate('/visits/98765')).toBe('/visits/:visitId');
  });

  it('keeps a token in a link out: an invitation or a reset link names its pattern', () => {
    expect(routeTemplate('/invite/s3cr3t-t0ken')).toBe('/invite/:token');
    expect(routeTemplate('/password_reset/abc123')).toBe('/password_reset/:id');
  });

  it('names an unknown path *, never the path itself', () => {
    expect(routeTemplate('/no/such/page/alex@example.com')).toBe('*');
  });
});
