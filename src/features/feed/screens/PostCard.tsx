// One post of the feed: author, time, its text (links recognised, never HTML), reactions, and the
// comment threads with reply, delete, report and a comment form. Reactions are one compact control
// (the kinds given and their count) that opens a picker of the four, so a comment keeps to a line
// of actions and several fit a phone's screen.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Activity, Comment, Reply } from '../../../../core/contract/types';
import { COMMENT_MAX, REACTION_TYPES } from '../../../../core/limits';
import { linkify } from '../../../domain/linkify';
import type { Formatter } from '../../../i18n/format';
import { Avatar } from '../../../ui/avatar/index';
import { Button } from '../../../ui/button/index';
import { Dropdown, DropdownItem } from '../../../ui/dropdown/index';
import { cx } from '../../../ui/cx';
import { useCommand } from '../../../ui/use-command';
import { addComment, removeComment, reportItem, setReaction } from '../commands';

const EMOJI: Record<(typeof REACTION_TYPES)[number], string> = { like: '👍', love: '❤️', strong: '💪', celebrate: '🎉' };

function Text({ text }: { text: string }) {
  return (
    <p className="feed-text">
      {linkify(text).map((part, i) => (part.kind === 'link' ? <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">{part.text}</a> : <span key={i}>{part.text}</span>))}
    </p>
  );
}

type ReactionType = (typeof REACTION_TYPES)[number];

/** The kinds given, most given first (three at most), the total, and a picker of the four; the member's own is checked. */
function Reactions({ item, onReact, format, testId }: { item: Activity | Comment | Reply; onReact: (type: ReactionType | null) => void; format: Formatter; testId: string }) {
  const { t } = useTranslation('feed');
  const count = (type: ReactionType) => item.reactions.counts[type] ?? 0;
  const total = REACTION_TYPES.reduce((sum, type) => sum + count(type), 0);
  const given = REACTION_TYPES.filter((type) => count(type) > 0).sort((a, b) => count(b) - count(a)).slice(0, 3);
  const mine = item.reactions.mine;
  const name = mine ? t('react.mine', { count: total, name: t(`reaction.${mine}`) }) : total === 0 ? t('react.none') : t('react.count', { count: total });
  return (
    <Dropdown label={t('reactions')} align="start" renderTrigger={(props) => (
      <button {...props} className={cx('choice-chip feed-reaction', mine && 'feed-reaction--mine')} aria-label={name} data-testid={testId}>
        {given.length === 0
          ? <span aria-hidden="true">{t('react.short')}</span>
          : <><span aria-hidden="true">{given.map((type) => EMOJI[type]).join('')}</span><span aria-hidden="true" className="tabular">{format.number(total)}</span></>}
      </button>
    )}>
      {REACTION_TYPES.map((type) => (
        <DropdownItem key={type} checked={mine === type} aria-label={t('reactionLabel', { name: t(`reaction.${type}`), count: count(type) })} onSelect={() => onReact(mine === type ? null : type)}>
          <span aria-hidden="true">{EMOJI[type]} {t(`reaction.${type}`)}{count(type) > 0 && ` · ${format.number(count(type))}`}</span>
        </DropdownItem>
      ))}
    </Dropdown>
  );
}

function CommentForm({ label, placeholder, onSend, testId }: { label: string; placeholder: string; onSend: (text: string) => Promise<boolean>; testId: string }) {
  const { t } = useTranslation('feed');
  const [text, setText] = useState('');
  // Every box on the page has its own id, so its label names it alone.
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    // Kept when the comment was refused on the device, so nothing typed is lost.
    if (await onSend(text)) setText('');
  }
  return (
    <form className="feed-comment-form" onSubmit={(e) => void submit(e)} data-testid={testId}>
      <label htmlFor={id} className="visually-hidden">{label}</label>
      <textarea id={id} className="input" rows={1} maxLength={COMMENT_MAX} placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" variant="primary" disabled={!text.trim()}>{t('send')}</Button>
    </form>
  );
}

export function PostCard({ post, facilityGuid, format, highlighted }: { post: Activity; facilityGuid: string; format: Formatter; highlighted: boolean }) {
  const { t } = useTranslation('feed');
  const run = useCommand();
  const [replyTo, setReplyTo] = useState<number | null>(null);
  // Reporting and deleting one's own comment ask first; once reported the thing is hidden for the
  // member and staff are told.
  const report = (source: { type: 'post' | 'comment'; id: number }, threadId: number | null) =>
    void run(() => reportItem(facilityGuid, post.id, source, threadId), { confirm: { title: t(source.type === 'post' ? 'reportPostTitle' : 'reportCommentTitle'), body: t('reportBody'), confirmLabel: t('report'), danger: true }, success: t('reported') });

  const renderComment = (comment: Comment | Reply, threadId: number | null) => {
    const pending = comment.id < 0;
    return (
      <li key={comment.id} className="feed-comment" data-testid="comment">
        <div className="feed-comment__head">
          <strong>{comment.author.full_name}</strong> <span className="muted">{pending ? t('sending') : format.dateTime(comment.created_at)}</span>
        </div>
        <Text text={comment.content} />
        {!pending && (
          <div className="feed-comment__actions" data-testid="comment-actions">
            <Reactions item={comment} format={format} testId="comment-reactions" onReact={(type) => void run(() => setReaction(facilityGuid, post.id, { type: 'comment', id: comment.id }, type))} />
            <Button size="sm" variant="ghost" onClick={() => setReplyTo(threadId ?? comment.id)}>{t('reply')}</Button>
            {comment.author.is_me ? <Button size="sm" variant="ghost" onClick={() => void run(() => removeComment(facilityGuid, post.id, comment, threadId), { confirm: { title: t('deleteTitle'), body: t('deleteBody'), confirmLabel: t('deleteConfirm'), cancelLabel: t('deleteKeep'), danger: true } })}>{t('delete')}</Button> : <Button size="sm" variant="ghost" onClick={() => report({ type: 'comment', id: comment.id }, threadId)}>{t('report')}</Button>}
          </div>
        )}
        {'replies' in comment && comment.replies && comment.replies.length > 0 && <ul className="feed-replies">{comment.replies.map((r) => renderComment(r, comment.id))}</ul>}
        {threadId === null && replyTo === comment.id && (
          <CommentForm testId="reply-form" label={t('replyTo', { name: comment.author.full_name })} placeholder={t('replyTo', { name: comment.author.full_name })} onSend={(text) => run(() => addComment(facilityGuid, post.id, { type: 'comment', id: comment.id }, comment.id, text)).then((r) => {
            if (r.ok) setReplyTo(null);
            return r.ok;
          })} />
        )}
      </li>
    );
  };

  return (
    <article className={`card feed-post${highlighted ? ' feed-post--highlighted' : ''}`} id={`post-${post.id}`} data-testid="post" aria-labelledby={`post-${post.id}-author`}>
      <header className="feed-post__head">
        <Avatar name={post.author.full_name} size="md" />
        <div className="feed-post__who">
          <strong id={`post-${post.id}-author`}>{post.author.full_name}</strong>
          <div className="muted">{format.dateTime(post.created_at)}</div>
        </div>
        <Button size="sm" variant="ghost" onClick={() => report({ type: 'post', id: post.id }, null)} aria-label={t('reportPostLabel', { name: post.author.full_name })}>{t('report')}</Button>
      </header>
      <Text text={post.content} />
      {post.image_url && <img className="feed-post__image" src={post.image_url} alt="" loading="lazy" />}
      <Reactions item={post} format={format} testId="post-reactions" onReact={(type) => void run(() => setReaction(facilityGuid, post.id, { type: 'post', id: post.id }, type))} />
      <section aria-label={t('counts.comments', { count: post.comments.count })}>
        <p className="muted">{t('counts.comments', { count: post.comments.count })}</p>
        {post.comments.items.length > 0 && <ul className="feed-comments">{post.comments.items.map((c) => renderComment(c, null))}</ul>}
        <CommentForm testId="comment-form" label={t('commentOn', { name: post.author.full_name })} placeholder={t('writeComment')} onSend={(text) => run(() => addComment(facilityGuid, post.id, { type: 'post', id: post.id }, null, text)).then((r) => r.ok)} />
      </section>
    </article>
  );
}
