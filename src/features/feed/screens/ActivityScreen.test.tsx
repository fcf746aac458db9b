// The feed screen's reading aids: ?notify=1,2 (a post notification) highlights every named post and
// scrolls to the first, fetching the ones the device lacks; posts arriving while the member reads
// wait behind "N new posts"; pulling down from the top refreshes; members' and staff's text is shown
// as text, never as HTML; a post and others' comments offer Report.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../../../core/contract/types';

const state = vi.hoisted(() => ({ posts: [] as Activity[], search: '' }));
const pull = vi.hoisted(() => ({ pullActivities: vi.fn(() => Promise.resolve()), pullActivity: vi.fn(() => Promise.resolve()), pullOlderActivities: vi.fn(() => Promise.resolve(false)) }));
vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => ({ guid: 'facility-guid', org_id: 1, time_zone: 'UTC' }) }));
vi.mock('../hooks', () => ({ useActivities: () => state.posts, usePostNotificationCount: () => 0, useRefreshActivities: () => undefined }));
vi.mock('../pull', () => pull);
vi.mock('../commands', () => ({ addComment: vi.fn(), removeComment: vi.fn(), setReaction: vi.fn() }));
vi.mock('../../../ui/use-online', () => ({ useOnline: () => true }));
vi.mock('react-router', () => ({ useSearchParams: () => [new URLSearchParams(state.search)] }));

const { default: ActivityScreen } = await import('./ActivityScreen');
const { PostCard } = await import('./PostCard');

function post(id: number, minutes: number, content = `Post ${id}`): Activity {
  return { id, source_type: 'post', org_id: 1, author: { full_name: 'Tom Ngata' }, content, image_url: null, created_at: new Date(Date.UTC(2026, 10, 1, 9, minutes)).toISOString(), comments: { items: [], count: 0 }, reactions: { counts: {}, mine: null } };
}

const scrolled: string[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
  window.scrollTo = () => undefined;
  for (const fn of Object.values(pull)) fn.mockClear();
});

describe('ActivityScreen', () => {
  it('highlights every post named in ?notify and scrolls to the first', () => {
    state.posts = [post(4, 40), post(3, 30), post(2, 20), post(1, 10)];
    state.search = 'notify=3,1';
    const { container } = render(<ActivityScreen />);
    const highlighted = [...container.querySelectorAll('.feed-post--highlighted')].map((el) => el.id);
    expect(highlighted).toEqual(['post-3', 'post-1']);
    expect(scrolled).toEqual(['post-3']);
    expect(pull.pullActivity).not.toHaveBeenCalled();
  });

  it('fetches a notified post the device does not have yet', () => {
    state.posts = [post(2, 20), post(1, 10)];
    state.search = 'notify=1,9';
    render(<ActivityScreen />);
    expect(pull.pullActivity).toHaveBeenCalledWith('facility-guid', 9);
    expect(pull.pullActivity).not.toHaveBeenCalledWith('facility-guid', 1);
  });

  it('keeps posts that arrive while reading behind "N new posts" until the member asks for them', () => {
    state.search = '';
    state.posts = [post(1, 10)];
    const { rerender } = render(<ActivityScreen />);
    expect(screen.queryByTestId('new-posts')).toBeNull();
    state.posts = [post(3, 30), post(2, 20), post(1, 10)];
    rerender(<ActivityScreen />);
    expect(screen.getByTestId('new-posts').textContent).toBe('2 new posts');
    expect(screen.getAllByTestId('post').map((el) => el.id)).toEqual(['post-1']);
    act(() => fireEvent.click(screen.getByTestId('new-posts')));
    expect(screen.queryByTestId('new-posts')).toBeNull();
    expect(screen.getAllByTestId('post').map((el) => el.id)).toEqual(['post-3', 'post-2', 'post-1']);
  });
});

describe('ActivityScreen pull to refresh', () => {
  it('refreshes the newest page when pulled down far enough from the top, not for a short pull', async () => {
    state.search = '';
    state.posts = [post(1, 10)];
    render(<ActivityScreen />);
    const page = screen.getByRole('region', { name: 'Feed' });
    const drag = (to: number) => {
      fireEvent.touchStart(page, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(page, { touches: [{ clientY: to }] });
      fireEvent.touchEnd(page, { touches: [] });
    };
    drag(130);
    expect(pull.pullActivities).not.toHaveBeenCalled();
    fireEvent.touchStart(page, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(page, { touches: [{ clientY: 200 }] });
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    await act(async () => {
      fireEvent.touchEnd(page, { touches: [] });
    });
    expect(pull.pullActivities).toHaveBeenCalledWith('facility-guid', 1, { force: true });
  });
});

describe('PostCard', () => {
  it('shows markup from anyone as text; only http(s) addresses become links', () => {
    const payload = '<img src=x onerror=alert(1)> <script>alert(1)</script> <a href="javascript:alert(1)">tap</a> javascript:alert(2) see https://harbour.example/news.';
    const item = post(5, 50, payload);
    item.author.full_name = '<b>Coach</b>';
    item.comments = { count: 1, items: [{ id: 8, source_type: 'comment', content: '<svg/onload=alert(1)>', created_at: item.created_at, author: { full_name: '<i>Sam</i>', is_me: false }, reactions: { counts: {}, mine: null }, replies: [] }] };
    const format = { dateTime: (iso: string) => iso } as unknown as Parameters<typeof PostCard>[0]['format'];
    const { container } = render(<PostCard post={item} facilityGuid="facility-guid" format={format} highlighted={false} />);
    expect(container.querySelectorAll('img, script, svg, b, i, iframe')).toHaveLength(0);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://harbour.example/news']);
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('.feed-text')!.textContent).toBe(payload);
    expect(container.textContent).toContain('<b>Coach</b>');
    expect(container.textContent).toContain('<svg/onload=alert(1)>');
    // Another member's comment and the post can be reported; one's own comment is deleted instead.
    expect(screen.getByRole('button', { name: 'Report the post by <b>Coach</b>' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('gives every comment box an id and a label of its own, and reactions one control that opens the four', async () => {
    const format = { dateTime: (iso: string) => iso, number: (n: number) => String(n) } as unknown as Parameters<typeof PostCard>[0]['format'];
    const first = post(5, 50);
    first.reactions = { counts: { like: 2, strong: 1 }, mine: 'strong' };
    const second = post(6, 60);
    second.author = { full_name: 'Aroha Ngata' };
    render(<><PostCard post={first} facilityGuid="facility-guid" format={format} highlighted={false} /><PostCard post={second} facilityGuid="facility-guid" format={format} highlighted={false} /></>);
    const boxes = screen.getAllByRole('textbox') as HTMLTextAreaElement[];
    expect(boxes).toHaveLength(2);
    expect(new Set(boxes.map((box) => box.id)).size).toBe(2);
    expect(boxes.map((box) => [...(box.labels ?? [])].map((label) => label.textContent))).toEqual([['Write a comment on the post by Tom Ngata'], ['Write a comment on the post by Aroha Ngata']]);
    // One control per post: the kinds given and the count; the picker offers all four, the member's checked.
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    const [reactions, none] = screen.getAllByRole('button', { name: /^React/ });
    expect(reactions!.getAttribute('aria-label')).toBe('React (3 reactions, yours: Strong)');
    expect(reactions!.textContent).toBe('👍💪3');
    expect(none!.getAttribute('aria-label')).toBe('React');
    act(() => fireEvent.click(reactions!));
    // The menu's code loads on the first open (ui/dropdown).
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => [item.getAttribute('aria-label'), item.getAttribute('aria-checked')])).toEqual([['Like (2)', 'false'], ['Love (0)', 'false'], ['Strong (1)', 'true'], ['Celebrate (0)', 'false']]);
  });
});

