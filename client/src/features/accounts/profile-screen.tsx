import { BookOpen, Download, Globe, Lock, Pencil } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { Profile as ProfileData } from '#contract/accounts';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { CurrentPasswordField } from './password-field';
import { DeveloperAccess } from './developer-access';
import { ImportMyData } from './import-my-data';
import { Avatar } from '../../components/avatar';
import { BlockedPeople } from '../moderation';
import { LifeSoFarSection } from '../questions';
import { VISIBILITY_TEXT } from './visibility-choice';
import { useDocumentTitle } from '../../components/use-document-title';
import { usageLine } from '../../lib/bytes';
import { useDates } from '../../lib/i18n';
import { fieldErrors } from '../../lib/errors';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import '../../styles/profile.css';
import { FormattedMessage, useIntl } from 'react-intl';

export function Profile() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'nav.profile', defaultMessage: 'Profile' }));
  const profile = trpc.accounts.profile.useQuery();
  return (
    <div className="page narrow profile-page">
      {profile.isPending ? (
        <Loading label={intl.formatMessage({ id: 'profile.loading', defaultMessage: 'Loading your profile…' })} />
      ) : profile.isError ? (
        <>
          <h1>
            <FormattedMessage id="nav.profile" defaultMessage="Profile" />
          </h1>
          <ErrorBox error={profile.error} />
        </>
      ) : (
        <>
          <ProfileCard profile={profile.data} />
          <LifeSoFarSection />
          <BlockedPeople />
          <DeveloperAccess />
        </>
      )}
    </div>
  );
}

/**
 * "Download my data": the password first (always asked, ADR 0014; a right one counts as a fresh sign-in), then the
 * browser opens the address as a plain download, which the server sends as it makes it (docs/data-export.md).
 */
function DownloadMyData() {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const confirm = trpc.accounts.reauthenticate.useMutation({
    onSuccess: () => {
      setPassword('');
      const link = document.createElement('a');
      link.href = '/account/my-data.zip';
      link.download = '';
      link.click();
    },
  });
  const server = fieldErrors(confirm.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = password
      ? undefined
      : intl.formatMessage({ id: 'account.currentPasswordRequired', defaultMessage: 'Please enter your current password.' });
    setProblem(missing);
    if (!missing) confirm.mutate({ current_password: password });
  };
  return (
    <form className="download-data" onSubmit={submit} noValidate>
      <ErrorBox error={server.current_password ? undefined : confirm.error} />
      <CurrentPasswordField
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problem ?? server.current_password}
        hint={intl.formatMessage({ id: 'account.download.passwordHint', defaultMessage: 'Needed to download your data.' })}
        required
      />
      <button type="submit" className="button secondary" disabled={confirm.isPending}>
        <Download size={17} aria-hidden="true" />
        {confirm.isPending ? (
          <FormattedMessage id="account.download.checking" defaultMessage="Checking…" />
        ) : (
          <FormattedMessage id="account.download.submit" defaultMessage="Download my data" />
        )}
      </button>
    </form>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="profile-detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const notGiven = (
  <span className="muted">
    <FormattedMessage id="profile.notGiven" defaultMessage="Not given" />
  </span>
);

/** How much of the person's space for photos is used ("312 MB of 1 GB used"), counted by the server. */
function PhotoSpace() {
  const intl = useIntl();
  const usage = trpc.uploads.usage.useQuery();
  if (usage.isError) return null;
  const data = usage.data;
  return (
    <Detail term={intl.formatMessage({ id: 'account.photoSpace', defaultMessage: 'Photo space' })}>
      {data ? (
        <span className="photo-space">
          <span className="photo-space-text">
            {usageLine(intl, data.used_bytes, data.quota_bytes)}
            {data.photos > 0 && (
              <span className="muted">
                {' · '}
                <FormattedMessage
                  id="account.photoSpace.photos"
                  defaultMessage="{count, plural, one {# photo} other {# photos}}"
                  values={{ count: data.photos }}
                />
              </span>
            )}
          </span>
          {/* The sentence says it; the bar only shows it. */}
          <meter className="photo-space-meter" min={0} max={data.quota_bytes} value={data.used_bytes} aria-hidden="true" />
        </span>
      ) : (
        <span className="muted">
          <FormattedMessage id="account.photoSpace.counting" defaultMessage="Counting…" />
        </span>
      )}
    </Detail>
  );
}

function ProfileCard({ profile }: { profile: ProfileData }) {
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const visibility = profile.is_private ? 'private' : 'public';
  const intl = useIntl();
  const dates = useDates();
  return (
    <article className="card profile-card">
      <header className="profile-head">
        <Avatar
          image={profile.image}
          username={profile.username}
          firstName={profile.first_name}
          lastName={profile.last_name}
          size={112}
          alt={intl.formatMessage(
            { id: 'profile.pictureAlt', defaultMessage: 'Profile picture of {username}' },
            { username: profile.username },
          )}
          className="avatar-ringed"
        />
        <div className="profile-head-text">
          <p className="eyebrow">
            <FormattedMessage id="profile.eyebrow" defaultMessage="Your profile" />
          </p>
          <h1>
            <bdi>{fullName || profile.username}</bdi>
          </h1>
          <p className="profile-handle muted">
            @<bdi>{profile.username}</bdi>
          </p>
        </div>
      </header>

      <dl className="profile-details">
        <Detail term={intl.formatMessage({ id: 'field.username', defaultMessage: 'Username' })}>
          <bdi>{profile.username}</bdi>
        </Detail>
        <Detail term={intl.formatMessage({ id: 'field.firstName', defaultMessage: 'First name' })}>
          {profile.first_name !== null ? <bdi>{profile.first_name}</bdi> : notGiven}
        </Detail>
        <Detail term={intl.formatMessage({ id: 'field.lastName', defaultMessage: 'Last name' })}>
          {profile.last_name !== null ? <bdi>{profile.last_name}</bdi> : notGiven}
        </Detail>
        <Detail term={intl.formatMessage({ id: 'field.email', defaultMessage: 'Email' })}>{profile.email}</Detail>
        <Detail term={intl.formatMessage({ id: 'field.dob', defaultMessage: 'Date of birth' })}>{dates.longDate(profile.dob)}</Detail>
        <Detail term={intl.formatMessage({ id: 'profile.age', defaultMessage: 'Age' })}>
          <FormattedMessage id="profile.years" defaultMessage="{age, plural, one {# year} other {# years}}" values={{ age: profile.age }} />
        </Detail>
        <Detail term={intl.formatMessage({ id: 'profile.visibility', defaultMessage: 'Visibility' })}>
          <span className={`visibility-badge ${visibility}`}>
            {profile.is_private ? <Lock size={15} aria-hidden="true" /> : <Globe size={15} aria-hidden="true" />}
            {profile.is_private ? (
              <FormattedMessage id="profile.private" defaultMessage="Private" />
            ) : (
              <FormattedMessage id="profile.public" defaultMessage="Public" />
            )}
          </span>
          <span className="visibility-text muted">{intl.formatMessage(VISIBILITY_TEXT[visibility])}</span>
        </Detail>
        <PhotoSpace />
      </dl>

      <div className="button-row profile-actions">
        <Link href="/profile/edit" className="button">
          <Pencil size={17} aria-hidden="true" />
          <FormattedMessage id="profile.edit" defaultMessage="Edit profile" />
        </Link>
        <Link href={storyPath(profile.username)} className="button secondary">
          <BookOpen size={17} aria-hidden="true" />
          <FormattedMessage id="profile.readStory" defaultMessage="Read your story" />
        </Link>
      </div>

      <section className="profile-data" aria-labelledby="your-data-heading">
        <h2 id="your-data-heading">
          <FormattedMessage id="profile.data" defaultMessage="Your data" />
        </h2>
        <p>
          <FormattedMessage
            id="profile.dataLede"
            defaultMessage="Download a copy of everything you have given this site: your profile, story, drafts and earlier versions, comments, likes, saves and pictures, in one zip file. A large account takes a little while; your browser shows how the download is going."
          />
        </p>
        <DownloadMyData />
        <ImportMyData username={profile.username} />
      </section>
    </article>
  );
}
