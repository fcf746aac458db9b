// /activity: the organisation's feed from Dexie (offline too). Older posts load as the member
// scrolls to the end (and are kept); pulling down at the top refreshes; posts that arrive while
// reading wait behind "N new posts"; ?notify=1,2 (a post notification) scrolls to those posts and
// highlights them, fetching any the device does not have.
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/button/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useOnline } from '../../../ui/use-online';
import { useActivities, usePostNotificationCount, useRefreshActivities } from '../hooks';
import { pullActivities, pullActivity, pullOlderActivities } from '../pull';
import { PostCard } from './PostCard';
import './feed.css';

const PULL_TO_REFRESH_PX = 70;

export default function ActivityScreen() {
  const { t } = useTranslation('feed');
  const title = usePageTitle('titles.activity');
  const facility = useFacility();
  const guid = facility?.guid;
  const orgId = facility?.org_id;
  const format = useFormat(facility?.time_zone);
  const online = useOnline();
  const posts = useActivities(orgId);
  useRefreshActivities(guid, orgId);
  const [params] = useSearchParams();
  const notify = (params.get('notify') ?? '').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const notifyKey = notify.join(',');

  // Posts newer than what the member started reading wait behind a banner.
  const [shownSince, setShownSince] = useState<string | null>(null);
  useEffect(() => {
    if (shownSince === null && posts && posts.length > 0) setShownSince(posts[0]!.created_at);
  }, [posts, shownSince]);
  const fresh = posts && shownSince !== null ? posts.filter((p) => p.created_at > shownSince && !notify.includes(p.id)) : [];
  const shown = posts?.filter((p) => !fresh.includes(p)) ?? [];

  // A post notification arriving live means a new post (or reply): fetch the newest page.
  const postNotifications = usePostNotificationCount();
  const seenNotifications = useRef(postNotifications);
  useEffect(() => {
    if (postNotifications > seenNotifications.current && guid && orgId !== undefined) void pullActivities(guid, orgId, { force: true }).catch(() => undefined);
    seenNotifications.current = postNotifications;
  }, [postNotifications, guid, orgId]);

  // ?notify: fetch posts the device lacks, then scroll to the first and highlight them.
  useEffect(() => {
    if (!guid || !posts || notify.length === 0) return;
    const missing = notify.filter((id) => !posts.some((p) => p.id === id));
    if (missing.length > 0 && online) void Promise.all(missing.map((id) => pullActivity(guid, id))).catch(() => undefined);
    if (missing.length === 0) document.getElementById(`post-${notify[0]}`)?.scrollIntoView({ block: 'start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notifyKey, guid, posts === undefined, posts?.length, online]);

  // Older pages as the end comes into view.
  const [hasOlder, setHasOlder] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  async function loadOlder() {
    if (!guid || orgId === undefined || loadingOlder || !online) return;
    setLoadingOlder(true);
    try {
      setHasOlder(await pullOlderActivities(guid, orgId));
    } catch {
      // Offline or refused: the button stays for another try.
    } finally {
      setLoadingOlder(false);
    }
  }
  useEffect(() => {
    const target = end.current;
    if (!target || typeof IntersectionObserver === 'undefined' || !hasOlder) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadOlder());
    observer.observe(target);
    return () => observer.disconnect();
  });

  // Pull to refresh at the top of the page.
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);
  async function refresh() {
    if (!guid || orgId === undefined) return;
    setRefreshing(true);
    try {
      await pullActivities(guid, orgId, { force: true });
    } catch {
      // Offline: the feed stays as it was.
    } finally {
      setRefreshing(false);
      setShownSince(null);
    }
  }
  const touch = {
    onTouchStart: (e: TouchEvent) => (startY.current = window.scrollY === 0 ? (e.touches[0]?.clientY ?? null) : null),
    onTouchMove: (e: TouchEvent) => startY.current !== null && setPull(Math.max(0, (e.touches[0]?.clientY ?? 0) - startY.current)),
    onTouchEnd: () => {
      if (pull > PULL_TO_REFRESH_PX) void refresh();
      startY.current = null;
      setPull(0);
    },
  };

  if (!facility || !guid) return <Spinner block />;
  return (
    <section className="page" aria-labelledby="page-title" {...touch}>
      <div className="feed-head">
        <h1 id="page-title" className="page__title">{title}</h1>
        <Button size="sm" onClick={() => void refresh()} disabled={refreshing || !online}>{refreshing ? t('refreshing') : t('refresh')}</Button>
      </div>
      {pull > 0 && <p className="feed-pull muted" aria-hidden="true">{pull > PULL_TO_REFRESH_PX ? t('releaseToRefresh') : t('pullToRefresh')}</p>}
      {fresh.length > 0 && (
        <Button className="feed-new" variant="primary" onClick={() => {
          setShownSince(posts![0]!.created_at);
          window.scrollTo({ top: 0 });
        }} data-testid="new-posts">{t('counts.newPosts', { count: fresh.length })}</Button>
      )}
      {posts === undefined ? <Spinner block /> : shown.length === 0 ? <EmptyState title={t('none')} /> : (
        <div className="stack" data-testid="feed">
          {shown.map((post) => <PostCard key={post.id} post={post} facilityGuid={guid} format={format} highlighted={notify.includes(post.id)} />)}
        </div>
      )}
      <div ref={end} className="feed-end">
        {posts && posts.length > 0 && (hasOlder ? (
          <Button onClick={() => void loadOlder()} disabled={loadingOlder || !online}>{loadingOlder ? t('loading') : online ? t('older') : t('olderOffline')}</Button>
        ) : <p className="muted">{t('theEnd')}</p>)}
      </div>
    </section>
  );
}
