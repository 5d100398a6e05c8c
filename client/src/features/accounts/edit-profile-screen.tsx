import { Camera, KeyRound, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LIMITS } from '#contract/limits';
import type { Profile } from '#contract/accounts';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { CurrentPasswordField } from './password-field';
import { Avatar } from '../../components/avatar';
import { DangerZone } from './danger-zone';
import { VisibilityChoice } from './visibility-choice';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { toDateInput } from '../../lib/dates';
import { errorCode, errorMessage, fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { updateSessionUser } from '../../state/session';
import '../../styles/profile.css';
import { defineMessages, FormattedMessage, type IntlShape, useIntl } from 'react-intl';

/** What the other profile screens report on their way back here (?saved=...). */
const SAVED_NOTICES = defineMessages({
  password: { id: 'account.saved.password', defaultMessage: 'Your password has been changed.' },
  picture: { id: 'account.saved.picture', defaultMessage: 'Your profile picture has been saved.' },
  'picture-deleted': { id: 'account.saved.pictureDeleted', defaultMessage: 'Your profile picture has been deleted.' },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EditProfile() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'profile.edit', defaultMessage: 'Edit profile' }));
  const profile = trpc.accounts.profile.useQuery();
  const savedKey = new URLSearchParams(useSearch()).get('saved') ?? '';
  const saved = Object.hasOwn(SAVED_NOTICES, savedKey) ? SAVED_NOTICES[savedKey as keyof typeof SAVED_NOTICES] : undefined;
  return (
    <div className="page narrow edit-profile-page">
      <p className="eyebrow">
        <FormattedMessage id="profile.eyebrow" defaultMessage="Your profile" />
      </p>
      <h1>
        <FormattedMessage id="profile.edit" defaultMessage="Edit profile" />
      </h1>
      {saved && (
        <p className="notice notice-success" role="status">
          {intl.formatMessage(saved)}
        </p>
      )}
      {profile.isPending ? (
        <Loading label={intl.formatMessage({ id: 'profile.loading', defaultMessage: 'Loading your profile…' })} />
      ) : profile.isError ? (
        <ErrorBox error={profile.error} />
      ) : (
        <>
          <EditProfileForm profile={profile.data} />
          <DangerZone />
        </>
      )}
    </div>
  );
}

type Form = { first_name: string; last_name: string; email: string; dob: string; is_private: boolean; current_password: string };
type Problems = Partial<Record<'email' | 'dob' | 'current_password', string>>;

function check(intl: IntlShape, form: Form, profile: Profile): Problems {
  const problems: Problems = {};
  if (!form.email.trim()) problems.email = intl.formatMessage({ id: 'error.emailRequired', defaultMessage: 'Email is required.' });
  else if (!EMAIL.test(form.email.trim()))
    problems.email = intl.formatMessage({ id: 'error.emailInvalid', defaultMessage: 'Please enter a valid email address.' });
  if (!form.dob) problems.dob = intl.formatMessage({ id: 'error.dobRequired', defaultMessage: 'Date of birth is required.' });
  if (emailChanged(form, profile) && !form.current_password)
    problems.current_password = intl.formatMessage({
      id: 'account.currentPasswordRequired',
      defaultMessage: 'Please enter your current password.',
    });
  return problems;
}

/** A new address needs the current password (ADR 0014); the field shows only then. */
const emailChanged = (form: Form, profile: Profile) => form.email.trim() !== profile.email;

function EditProfileForm({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<Form>({
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    email: profile.email,
    dob: toDateInput(profile.dob),
    is_private: profile.is_private,
    current_password: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const edit = trpc.accounts.edit.useMutation({
    onSuccess: async (updated) => {
      const { age: _age, ...info } = updated;
      updateSessionUser(info);
      utils.accounts.profile.setData(undefined, updated);
      utils.accounts.me.setData(undefined, updated);
      // Names, age and picture on story pages follow the privacy choice.
      await utils.stories.invalidate();
      // A new address waits for the link mailed to it (ADR 0019): the change-email screen says where it went.
      if (form.email.trim() !== updated.email) {
        await utils.emailChange.pending.invalidate();
        navigate('/profile/edit/email');
      } else navigate('/profile');
    },
  });

  const server = fieldErrors(edit.error);
  const failure =
    edit.error && !server.current_password
      ? errorCode(edit.error) === 'CONFLICT'
        ? intl.formatMessage({ id: 'error.emailTaken', defaultMessage: 'Email is already taken.' })
        : errorMessage(edit.error)
      : null;
  const set = (key: 'first_name' | 'last_name' | 'email' | 'dob' | 'current_password') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(intl, form, profile);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // The date input already gives YYYY-MM-DD, the form the server stores.
    const { current_password, ...details } = form;
    edit.mutate({ ...details, email: form.email.trim(), current_password: emailChanged(form, profile) ? current_password : undefined });
  };

  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <section className="card edit-picture" aria-labelledby="edit-picture-title">
        <Avatar
          image={profile.image}
          username={profile.username}
          firstName={profile.first_name}
          lastName={profile.last_name}
          size={72}
          alt={intl.formatMessage({ id: 'account.picture.currentAlt', defaultMessage: 'Your current profile picture' })}
          className="avatar-ringed"
        />
        <div className="edit-picture-text">
          <h2 id="edit-picture-title">
            <FormattedMessage id="account.edit.pictureTitle" defaultMessage="Picture and sign-in details" />
          </h2>
          <p className="muted">
            {profile.image ? (
              <FormattedMessage
                id="account.edit.pictureShows"
                defaultMessage="Your picture shows on your story when your profile is public."
              />
            ) : (
              <FormattedMessage
                id="account.edit.noPicture"
                defaultMessage="You have no profile picture yet; your initials stand in for it."
              />
            )}
          </p>
          <div className="button-row">
            <Link href="/profile/edit/picture" className="button secondary">
              <Camera size={17} aria-hidden="true" />
              <FormattedMessage id="account.edit.changePicture" defaultMessage="Change picture" />
            </Link>
            <Link href="/profile/edit/password" className="button secondary">
              <KeyRound size={17} aria-hidden="true" />
              <FormattedMessage id="password.title" defaultMessage="Change password" />
            </Link>
            <Link href="/profile/edit/email" className="button secondary">
              <Mail size={17} aria-hidden="true" />
              <FormattedMessage id="account.edit.changeEmail" defaultMessage="Change email" />
            </Link>
          </div>
        </div>
      </section>

      <form className="card form edit-profile-form" onSubmit={submit} noValidate aria-labelledby="edit-details-title">
        <h2 id="edit-details-title">
          <FormattedMessage id="account.edit.details" defaultMessage="Your details" />
        </h2>
        <ErrorBox message={failure} />
        <div className="form-row">
          <TextField
            label={intl.formatMessage({ id: 'field.firstName', defaultMessage: 'First name' })}
            name="first_name"
            autoComplete="given-name"
            maxLength={LIMITS.nameMax}
            value={form.first_name}
            onChange={set('first_name')}
            error={server.first_name}
          />
          <TextField
            label={intl.formatMessage({ id: 'field.lastName', defaultMessage: 'Last name' })}
            name="last_name"
            autoComplete="family-name"
            maxLength={LIMITS.nameMax}
            value={form.last_name}
            onChange={set('last_name')}
            error={server.last_name}
          />
        </div>
        <TextField
          label={intl.formatMessage({ id: 'field.email', defaultMessage: 'Email' })}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={problems.email ?? server.email}
          required
        />
        {emailChanged(form, profile) && (
          <CurrentPasswordField
            value={form.current_password}
            onChange={set('current_password')}
            error={problems.current_password ?? server.current_password}
            hint={intl.formatMessage({ id: 'account.edit.emailPasswordHint', defaultMessage: 'Needed to change your email address.' })}
            required
          />
        )}
        <TextField
          label={intl.formatMessage({ id: 'field.dob', defaultMessage: 'Date of birth' })}
          type="date"
          name="dob"
          autoComplete="bday"
          max={today}
          value={form.dob}
          onChange={set('dob')}
          error={problems.dob ?? server.dob}
          required
        />
        <VisibilityChoice isPrivate={form.is_private} onChange={(is_private) => setForm((f) => ({ ...f, is_private }))} />
        <div className="button-row">
          <button type="submit" className="button" disabled={edit.isPending}>
            {edit.isPending ? (
              <FormattedMessage id="account.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="account.edit.save" defaultMessage="Save Profile" />
            )}
          </button>
          <Link href="/profile" className="button secondary">
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </Link>
        </div>
      </form>
    </>
  );
}
