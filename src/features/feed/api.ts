// Calls of the feed slice (README "Calls beyond SPEC §7": activities, comments, reactions, reports).
import { apiRequest } from '../../data/api/client';
import type { ReadOptions, WriteOptions } from '../../data/api/account';
import type { Activity, ActivityPage, Comment, FeedReactions } from '../../../core/contract/types';

export function getActivities(before: string | null, options: ReadOptions): Promise<ActivityPage> {
  return apiRequest<ActivityPage>('GET', `/activities${before ? `?before=${encodeURIComponent(before)}` : ''}`, { ...options, schema: 'activityPage' });
}

export function getActivity(id: number, options: ReadOptions): Promise<Activity> {
  return apiRequest<Activity>('GET', `/activities/${id}`, { ...options, schema: 'activity' });
}

export function postComment(source: { type: 'post' | 'comment'; id: number }, content: string, options: WriteOptions): Promise<Comment> {
  return apiRequest<Comment>('POST', '/comments', { ...options, body: { source_id: source.id, source_type: source.type, comment: { content } }, schema: 'comment' });
}

export function deleteComment(id: number, options: WriteOptions): Promise<void> {
  return apiRequest<void>('DELETE', `/comments/${id}`, options);
}

export function postReaction(source: { type: 'post' | 'comment'; id: number }, type: string, options: WriteOptions): Promise<{ reactions: FeedReactions }> {
  return apiRequest<{ reactions: FeedReactions }>('POST', '/reactions', { ...options, body: { reaction: { type, source_id: source.id, source_type: source.type } } });
}

export function deleteReaction(source: { type: 'post' | 'comment'; id: number }, options: WriteOptions): Promise<void> {
  return apiRequest<void>('DELETE', `/reactions/${source.type}-${source.id}`, options);
}

export function postReport(source: { type: 'post' | 'comment'; id: number }, options: WriteOptions): Promise<{ source_type: string; source_id: number }> {
  return apiRequest<{ source_type: string; source_id: number }>('POST', '/reports', { ...options, body: { report: { source_type: source.type, source_id: source.id } } });
}
