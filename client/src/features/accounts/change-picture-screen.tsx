import { Trash2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { Profile } from '#contract/accounts';
import { ErrorBox } from '../../components/error-box';
import { ImageUploadForm } from '../uploads';
import { Loading } from '../../components/loading';
import { Avatar } from '../../components/avatar';
import { useDocumentTitle } from '../../components/use-document-title';
import { trpc } from '../../lib/trpc';
import { updateSessionUser } from '../../state/session';
import '../../styles/profile.css';
import { FormattedMessage, useIntl } from 'react-intl';

export function ChangePicture() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.picture.title', defaultMessage: 'Change profile picture' }));
  const profile = trpc.accounts.profile.useQuery();
  return (
    <div className="page narrow change-picture-page">
      <p className="eyebrow">
        <FormattedMessage id="profile.eyebrow" defaultMessage="Your profile" />
      </p>
      <h1>
        <FormattedMessage id="account.picture.title" defaultMessage="Change profile picture" />
      </h1>
      {profile.isPending ? (
        <Loading label={intl.formatMessage({ id: 'profile.loading', defaultMessage: 'Loading your profile…' })} />
      ) : profile.isError ? (
        <ErrorBox error={profile.error} />
      ) : (
        <PictureForms profile={profile.data} />
      )}
    </div>
  );
}

function PictureForms({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const setPicture = trpc.accounts.setPicture.useMutation();
  const deletePicture = trpc.accounts.deletePicture.useMutation();

  /** The picture shows in the session, the profile and (when public) on story pages. */
  const changed = async (image: string | null, saved: string) => {
    updateSessionUser({ image });
    await Promise.all([utils.accounts.profile.invalidate(), utils.accounts.me.invalidate(), utils.stories.invalidate()]);
    navigate(`/profile/edit?saved=${saved}`);
  };

  const save = async (image: string) => {
    await setPicture.mutateAsync({ image });
    await changed(image, 'picture');
  };

  const remove = () => {
    const prompt = intl.formatMessage({
      id: 'account.picture.deleteConfirm',
      defaultMessage: 'Are you sure you want to delete your profile picture?',
    });
    if (!window.confirm(prompt)) return;
    deletePicture.mutate(undefined, { onSuccess: () => changed(null, 'picture-deleted') });
  };

  return (
    <div className="card picture-card">
      <div className="current-image current-picture">
        <Avatar
          image={profile.image}
          username={profile.username}
          firstName={profile.first_name}
          lastName={profile.last_name}
          size={96}
          alt={intl.formatMessage({ id: 'account.picture.currentAlt', defaultMessage: 'Your current profile picture' })}
          className="avatar-ringed"
        />
        <p className="muted">
          {profile.image ? (
            <FormattedMessage id="account.picture.current" defaultMessage="Your current picture." />
          ) : (
            <FormattedMessage id="account.picture.none" defaultMessage="No picture yet: your initials stand in for it." />
          )}
        </p>
      </div>
      <ErrorBox error={deletePicture.error ?? undefined} />
      <ImageUploadForm
        pickLabel={intl.formatMessage({ id: 'account.picture.pick', defaultMessage: 'Choose a picture' })}
        saveLabel={intl.formatMessage({ id: 'account.picture.save', defaultMessage: 'Save Profile Picture' })}
        shape="round"
        onUploaded={save}
      >
        {profile.image && (
          <button type="button" className="button danger" onClick={remove} disabled={deletePicture.isPending}>
            <Trash2 size={17} aria-hidden="true" />
            {deletePicture.isPending ? (
              <FormattedMessage id="common.deleting" defaultMessage="Deleting…" />
            ) : (
              <FormattedMessage id="account.picture.delete" defaultMessage="Delete Profile Picture" />
            )}
          </button>
        )}
        <Link href="/profile/edit" className="button secondary">
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Link>
      </ImageUploadForm>
    </div>
  );
}
