import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

// A few weeks of feed for the demo (after the posts the notifications point at): Harbour Strength
// posts with members' comments, replies and reactions; a couple at Summit Climbing. Tallinn
// Movement's facility has its feed off.

type Trx = Transaction<Database> | Kysely<Database>;
const DAY = 86_400_000;

interface SeedPost {
  org: string;
  author: string;
  content: string;
  daysAgo: number;
  comments?: { by: 'alex' | 'sam' | 'kai'; text: string; replies?: { by: 'alex' | 'sam' | 'kai'; text: string }[] }[];
  reactions?: { by: 'alex' | 'sam' | 'kai'; type: string }[];
}

const POSTS: SeedPost[] = [
  { org: 'harbour', author: 'Mere Tane', content: 'Welcome to the Harbour Strength feed! Class news, coaching tips and the odd celebration land here.', daysAgo: 21, reactions: [{ by: 'sam', type: 'like' }] },
  { org: 'harbour', author: 'Tom Ngata', content: 'Coaching tip: brace before you descend in the squat. Big breath, ribs down, then sit between your heels.', daysAgo: 18, comments: [{ by: 'sam', text: 'This fixed my low back pinch, thanks Tom!', replies: [{ by: 'alex', text: 'Same here. The ribs-down cue is gold.' }] }], reactions: [{ by: 'alex', type: 'strong' }, { by: 'sam', type: 'like' }] },
  { org: 'harbour', author: 'Mere Tane', content: 'Petone is closed on Monday for floor repairs. Wellington runs the full timetable.', daysAgo: 14 },
  { org: 'harbour', author: 'Aroha Williams', content: 'Congratulations to everyone who tested their one-rep max this cycle: 41 personal records! Details: https://harbourstrength.example/records', daysAgo: 10, comments: [{ by: 'alex', text: 'New deadlift PR at 160 kg 🎉' }, { by: 'sam', text: 'Proud of this crew.' }], reactions: [{ by: 'alex', type: 'celebrate' }, { by: 'sam', type: 'celebrate' }] },
  { org: 'harbour', author: 'Tom Ngata', content: 'Mobility homework for desk days: 2 minutes of couch stretch each side, 10 slow cat-cows, 20 band pull-aparts.', daysAgo: 6, comments: [{ by: 'sam', text: 'Does the couch stretch work before a run too?', replies: [{ by: 'sam', text: 'Answering myself: Tom says yes, keep it gentle.' }] }] },
  { org: 'harbour', author: 'Mere Tane', content: 'Saturday partner WOD is back next week. Bring a friend, first class free.', daysAgo: 3, reactions: [{ by: 'sam', type: 'love' }] },
  { org: 'summit', author: 'Priya Shah', content: 'Belay refresher evenings start next month. Sign up at the desk.', daysAgo: 12 },
  { org: 'summit', author: 'Priya Shah', content: 'Chalk bags lost and found: three left behind last week. Come and claim them!', daysAgo: 5 },
];

export async function seedFeed(trx: Trx, now: Date, ctx: { orgIds: Record<string, number>; people: Record<'alex' | 'sam' | 'kai', number> }): Promise<void> {
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY + minutes * 60_000).toISOString();
  for (const post of POSTS) {
    const { id } = await trx.insertInto('posts').values({ org_id: ctx.orgIds[post.org]!, facility_id: null, author_name: post.author, content: post.content, created_at: at(post.daysAgo), image_url: null }).returning('id').executeTakeFirstOrThrow();
    let minutes = 30;
    for (const comment of post.comments ?? []) {
      const parent = await trx.insertInto('comments').values({ post_id: id, parent_id: null, profile_id: ctx.people[comment.by], content: comment.text, created_at: at(post.daysAgo, (minutes += 45)) }).returning('id').executeTakeFirstOrThrow();
      for (const reply of comment.replies ?? []) {
        await trx.insertInto('comments').values({ post_id: id, parent_id: parent.id, profile_id: ctx.people[reply.by], content: reply.text, created_at: at(post.daysAgo, (minutes += 20)) }).execute();
      }
    }
    for (const reaction of post.reactions ?? []) {
      await trx.insertInto('reactions').values({ profile_id: ctx.people[reaction.by], source_type: 'post', source_id: id, type: reaction.type, created_at: at(post.daysAgo, 60) }).execute();
    }
  }
}
