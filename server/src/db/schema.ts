// Row types of the SQLite database, as Kysely sees them. Times are ms since the epoch.
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  /** YYYY-MM-DD */
  dob: string;
  image: string | null;
  is_private: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  /** When the person last typed their password (kept across token rotation). */
  signed_in_at: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface StoriesTable {
  user_id: number;
  title: string;
  body_html: string;
  banner: string | null;
  page_count: number;
  created_at: number;
  updated_at: number;
  /** 1 on the first publish, +1 on each (migration 005). */
  version: number;
}

/** One row per person once they save a draft; the text columns are all null when there is no draft (migration 005). */
export interface DraftsTable {
  user_id: number;
  /** Monotonic: +1 on every draft save, discard, restore and publish; never reused. */
  draft_version: number;
  title: string | null;
  /** As the editor sent it, NOT sanitized: only ever sent out through core/drafts/drafts.ts, which sanitizes it. */
  unsafe_html: string | null;
  base_version: number | null;
  restored_from: number | null;
  saved_at: number | null;
}

/** One per publish, private to the author (migration 005). */
export interface StoryRevisionsTable {
  id: Generated<number>;
  user_id: number;
  version: number;
  title: string;
  word_count: number;
  published_at: number;
  restored_from: number | null;
}

/** A piece of revision text, stored once per author and shared by every revision that holds it (migration 014). */
export interface StoryRevisionChunksTable {
  user_id: number;
  /** chunkHash(html): db/text-chunks.ts. */
  hash: string;
  html: string;
}

/** A revision's text: its pieces in order (`seq` from 0). */
export interface StoryRevisionPartsTable {
  revision_id: number;
  seq: number;
  user_id: number;
  hash: string;
}

export interface PagesTable {
  user_id: number;
  page_number: number;
  html: string;
}

export interface LikesTable {
  user_id: number;
  story_user_id: number;
  created_at: number;
}

export type SavesTable = LikesTable;

/** Each story's standing likes, kept by triggers on likes (migration 002); no row = none yet. */
export interface LikeCountsTable {
  story_user_id: number;
  n: number;
}

export interface CommentsTable {
  id: Generated<number>;
  story_user_id: number;
  user_id: number;
  text: string;
  created_at: number;
}

export interface UploadsTable {
  name: string;
  user_id: number;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
  /** Widths of the responsive sizes made for it, joined by commas ('' for none); migration 007. */
  sizes: Generated<string>;
  /** Bytes of those sizes (WebP and JPEG), counted in the quota; migration 007. */
  sizes_bytes: Generated<number>;
}

/** A password-reset link: the keyed hash of its token, single use, valid until expires_at. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface EventsTable {
  seq: Generated<number>;
  type: string;
  /** The person who acted; null once scrubbed. */
  actor_id: number | null;
  /** The person acted upon (the story's author, for likes and comments). */
  subject_id: number | null;
  payload: string;
  at: number;
}

export interface ProjectorCheckpointsTable {
  name: string;
  seq: number;
  updated_at: number;
}

// Projection tables: derived from events only, dropped and rebuilt by `npm run reindex`.
export interface ProjUsersTable {
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_private: number;
}

export interface ProjStoriesTable {
  user_id: number;
  title: string;
  created_at: number;
}

export interface ProjLikesTable {
  story_user_id: number;
  user_id: number;
  given_at: number;
}

export interface ProjWindowsTable {
  name: string;
  /** Likes given before this instant no longer count in the window. */
  cutoff: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  stories: StoriesTable;
  drafts: DraftsTable;
  story_revisions: StoryRevisionsTable;
  story_revision_chunks: StoryRevisionChunksTable;
  story_revision_parts: StoryRevisionPartsTable;
  pages: PagesTable;
  likes: LikesTable;
  like_counts: LikeCountsTable;
  saves: SavesTable;
  comments: CommentsTable;
  uploads: UploadsTable;
  events: EventsTable;
  password_resets: PasswordResetsTable;
  projector_checkpoints: ProjectorCheckpointsTable;
  proj_users: ProjUsersTable;
  proj_stories: ProjStoriesTable;
  proj_likes: ProjLikesTable;
  proj_windows: ProjWindowsTable;
  site_flags: SiteFlagsTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  blocks: BlocksTable;
  email_changes: EmailChangesTable;
  proj_notifications: ProjNotificationsTable;
  proj_comments: ProjCommentsTable;
  notification_settings: NotificationSettingsTable;
  notification_reads: NotificationReadsTable;
  proj_followers: ProjFollowersTable;
  follow_digests: FollowDigestsTable;
  follow_passes: FollowPassesTable;
  question_answers: QuestionAnswersTable;
}

export type UserRow = Selectable<UsersTable>;
export type StoryRow = Selectable<StoriesTable>;
export type NewEvent = Insertable<EventsTable>;

// Moderation (migration 009, docs/decisions/0020-moderation.md). The columns it adds to existing tables:
// users.role ('member' | 'admin') and users.suspended_at, stories.hidden_at, comments.hidden_at, and the
// projector's proj_stories.hidden and proj_users.suspended (declared on those interfaces below by merging).
export interface UsersTable {
  role: Generated<'member' | 'admin'>;
  suspended_at: number | null;
}
export interface StoriesTable {
  hidden_at: Generated<number | null>;
  /** 1 while the author is suspended (kept equal to users.suspended_at IS NOT NULL). */
  author_suspended: Generated<number>;
}
export interface CommentsTable {
  hidden_at: Generated<number | null>;
}
export interface ProjStoriesTable {
  hidden: Generated<number>;
}
export interface ProjUsersTable {
  suspended: Generated<number>;
}

/** One-time facts about the site: 'first_admin' once the first registered account became admin (unused since issue #23). */
export interface SiteFlagsTable {
  name: string;
  at: number;
}

export type ReportKind = 'story' | 'comment';
export type ReportStatus = 'open' | 'actioned' | 'dismissed';

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  kind: ReportKind;
  story_user_id: number;
  /** null for a story, or once the reported comment is gone. */
  comment_id: number | null;
  /** 'story:<author id>' or 'comment:<comment id>': one open report per person per key. */
  target_key: string;
  reason: string;
  note: string | null;
  status: Generated<ReportStatus>;
  created_at: number;
  closed_at: number | null;
}

export type ModerationAction = 'hide' | 'restore' | 'delete' | 'dismiss' | 'suspend' | 'unsuspend';
export type ModerationTargetKind = 'story' | 'comment' | 'account' | 'report';

export interface ModerationActionsTable {
  id: Generated<number>;
  admin_id: number | null;
  action: ModerationAction;
  target_kind: ModerationTargetKind;
  target_user_id: number | null;
  target_id: number | null;
  reason: string;
  at: number;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

// Migration 008: email change links and notifications (ADR 0019).
export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  new_email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type NotificationKind = 'like' | 'save' | 'comment' | 'reply' | 'answer';

/** Projection: one row per person told about one event. */
export interface ProjNotificationsTable {
  recipient_id: number;
  seq: number;
  kind: NotificationKind;
  story_user_id: number;
  actor_id: number;
  comment_id: number | null;
  at: number;
}

/** Projection: who commented on which story. */
export interface ProjCommentsTable {
  comment_id: number;
  story_user_id: number;
  user_id: number;
}

export interface NotificationSettingsTable {
  user_id: number;
  likes: Generated<number>;
  saves: Generated<number>;
  comments: Generated<number>;
  replies: Generated<number>;
  weekly_digest: Generated<number>;
  digest_sent_at: number | null;
  digest_seq: Generated<number>;
}

export interface NotificationReadsTable {
  user_id: number;
  /** kind:story_user_id:week, or '*' for everything. */
  group_key: string;
  read_seq: number;
}

// Email verification (migration 010, docs/decisions/0019-notifications.md): when the address was shown to reach
// its owner (null: not yet, which matters only with REQUIRE_EMAIL_VERIFICATION), and the links that show it.
export interface UsersTable {
  email_verified_at: Generated<number | null>;
}
/** A verification link: the keyed hash of its token, single use, valid until expires_at. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export interface Database {
  email_verifications: EmailVerificationsTable;
}

// Migration 012 (docs/decisions/0014-account-recovery.md): links made before the last password change are refused,
// and the notice of an email change carries a "This wasn't me" link to the address being replaced.
export interface UsersTable {
  password_changed_at: Generated<number | null>;
}
export interface EmailChangesTable {
  old_email: string | null;
  cancel_token_hash: string | null;
  cancel_used_at: number | null;
}

// Admins by the owner's step (migration 013, docs/decisions/0020-moderation.md): the address an emailed link last
// showed reaches the person (lower-case; null: none yet), and the one-time admin setup links.
export interface UsersTable {
  verified_email: Generated<string | null>;
}
/** A setup link printed at the start of a site with no admin: the keyed hash of its token, single use. */
export interface AdminSetupLinksTable {
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The account it made admin. */
  used_by: number | null;
}
export interface Database {
  admin_setup_links: AdminSetupLinksTable;
}

// Who can read a story (migration 015, docs/decisions/0026-who-can-read-a-story.md).
export type Audience = 'everyone' | 'link' | 'circle' | 'only_me';
export interface StoriesTable {
  audience: Generated<Audience>;
}
/** Migration 019: the story's chapters as JSON, `Chapter[]` of contract/stories.ts (core/stories/chapters.ts). */
export interface StoriesTable {
  chapters: Generated<string>;
}
export interface ProjStoriesTable {
  /** The projector's copy of stories.audience (story_audience_changed); only 'everyone' is listed or searched. */
  audience: Generated<Audience>;
}
/** The current key of a person's share link; a new key replaces the row, which ends the old key's link passes. */
export interface StoryShareKeysTable {
  id: Generated<number>;
  user_id: number;
  share_key: string;
  created_at: number;
}
/** A person a writer invited to read (their circle); removing the reader deletes the row and their passes. */
export interface CircleMembersTable {
  id: Generated<number>;
  owner_id: number;
  /** Lower-cased. */
  email: string;
  name: string;
  /** The hash of the emailed link's token; resending replaces it. */
  invite_token_hash: string | null;
  invited_at: number;
  /** The account the invitation was joined to (signed in or registered after opening it). */
  joined_user_id: number | null;
  joined_at: number | null;
  last_read_at: number | null;
}
/** A device's reader pass (cookie `reader_pass`), stored hashed: a member's, or a link pass of one share key. */
export interface ReaderPassesTable {
  id: Generated<number>;
  /** core/access/pass-tokens.ts hashPassToken(token). */
  token_hash: string;
  /** The writer whose story it opens. */
  owner_id: number;
  /** Set for a circle member's pass (exactly one of member_id and share_key_id is set). */
  member_id: number | null;
  /** Set for a link pass: the key it was made from. */
  share_key_id: number | null;
  created_at: number;
}
export interface Database {
  story_share_keys: StoryShareKeysTable;
  circle_members: CircleMembersTable;
  reader_passes: ReaderPassesTable;
}

// Followers and their daily digest (migration 017, docs/decisions/0027-followers-and-digests.md).
/** A projection of the follow events: an account (user_id) or an address (email), never both. */
export interface ProjFollowersTable {
  follow_id: string;
  story_user_id: number;
  user_id: number | null;
  email: string | null;
  /** 1 for an account, and for an address once its confirm link was used. */
  confirmed: number;
  followed_at: number;
}

/** What each follower was last told (kept across a rebuild). */
export interface FollowDigestsTable {
  follow_id: string;
  story_user_id: number;
  user_id: number | null;
  /** The story's revision the follower last heard of (or the newest one when they followed); 0 for none. */
  seen_revision_id: number;
  /** The UTC day (days since the epoch) of their last digest. */
  sent_day: number | null;
}

/** The reader passes a follow was made with (a story not everyone may read). */
export interface FollowPassesTable {
  follow_id: string;
  pass_id: number;
}

// Questions by life stage (migration 018, docs/decisions/0028-questions-by-life-stage.md).
export type QuestionState = 'answered' | 'dismissed' | 'later';
/** What a writer did with a question of the picker: one row per person and question. */
export interface QuestionAnswersTable {
  user_id: number;
  /** A library id (contract/questions/), e.g. "school-003". */
  question_id: string;
  /** The question's stage (contract/questions/stages.ts). */
  stage: string | null;
  state: QuestionState;
  /** The chapter heading the picker added (answered). */
  heading: string | null;
  at: number;
}

// Answers by email (migration 020, docs/decisions/0030-answers-by-email.md).
/** The reply address of one question email: the keyed hash of its token, bound to a person and a question. */
export interface AnswerAddressesTable {
  /** core/answers-by-email/reply-address.ts replyTokenHash(token). */
  token_hash: string;
  user_id: number;
  question_id: string;
  /** The question as it was asked: the chapter's heading. */
  question_text: string;
  created_at: number;
}

/** One per accepted answer and key (its Message-ID's hash, its token-and-text hash): replays are added once. */
export interface AnswerReceiptsTable {
  user_id: number;
  receipt_key: string;
  received_at: number;
}

export interface Database {
  answer_addresses: AnswerAddressesTable;
  answer_receipts: AnswerReceiptsTable;
}

// One question a week by email (migration 021, docs/decisions/0031-one-question-a-week.md).
export type WeeklyQuestionState = 'on' | 'paused' | 'stopped';
/** A person's weekly question: when (their day, minute and time zone), and what was sent last. */
export interface WeeklyQuestionsTable {
  user_id: number;
  state: WeeklyQuestionState;
  /** 0 Sunday to 6 Saturday, in `time_zone`. */
  day: number;
  /** Minutes after midnight, in `time_zone`. */
  minute: number;
  /** An IANA zone name, from the person's browser. */
  time_zone: string;
  /** The next email's instant (UTC ms); null unless on. */
  next_at: number | null;
  last_sent_at: number | null;
  last_question_id: string | null;
  updated_at: number;
}

/** A question already emailed to a person, and the last time it was. */
export interface WeeklyQuestionSendsTable {
  user_id: number;
  question_id: string;
  sent_at: number;
}

export interface Database {
  weekly_questions: WeeklyQuestionsTable;
  weekly_question_sends: WeeklyQuestionSendsTable;
}

// The family asks (migration 022, docs/decisions/0032-the-family-asks.md).
export type AskedQuestionState = 'open' | 'later' | 'answered' | 'declined';
/** A question a reader of the writer's circle asked the writer. */
export interface AskedQuestionsTable {
  id: Generated<number>;
  writer_id: number;
  asker_id: number;
  /** Plain text, 5 to 300 characters: the chapter heading when the writer answers. */
  text: string;
  state: AskedQuestionState;
  asked_at: number;
  answered_at: number | null;
  /** When the asker was told it is answered (the story was published with the chapter). */
  told_at: number | null;
}

export interface Database {
  asked_questions: AskedQuestionsTable;
}

// Drafts kept when "Replace my draft" replaced them (migration 023, docs/decisions/0033-import-a-document.md).
export interface KeptDraftsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  /** The draft's text as the editor sent it: sanitize it before it leaves the server, as a draft's. */
  unsafe_html: string;
  word_count: number;
  kept_at: number;
  reason: 'import';
}

export interface Database {
  kept_drafts: KeptDraftsTable;
}

// Personal access tokens (migration 024, docs/decisions/0039-personal-access-tokens.md).
export interface DeveloperTokensTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA256 of the whole token with the session secret (core/accounts/sessions.ts). */
  token_hash: string;
  /** The first characters after `lst_`, shown in the list. */
  hint: string;
  name: string;
  /** Comma-separated TokenScope values. */
  scopes: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
}

export interface Database {
  developer_tokens: DeveloperTokensTable;
}

// The interface language a person chose (migration 025, docs/decisions/0042-interface-languages.md): null until
// they choose one.
export interface UsersTable {
  locale: Generated<'en' | 'es' | null>;
}
