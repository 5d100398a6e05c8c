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

export const DELETE_PICTURE_PROMPT = 'Are you sure you want to delete your profile picture?';

export function ChangePicture() {
  useDocumentTitle('Change profile picture');
  const profile = trpc.accounts.profile.useQuery();
  return (
    <div className="page narrow change-picture-page">
      <p className="eyebrow">Your profile</p>
      <h1>Change profile picture</h1>
      {profile.isPending ? (
        <Loading label="Loading your profile…" />
      ) : profile.isError ? (
        <ErrorBox error={profile.error} />
      ) : (
        <PictureForms profile={profile.data} />
      )}
    </div>
  );
}

function PictureForms({ profile }: { profile: Profile }) {
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
    if (!window.confirm(DELETE_PICTURE_PROMPT)) return;
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
          alt="Your current profile picture"
          className="avatar-ringed"
        />
        <p className="muted">{profile.image ? 'Your current picture.' : 'No picture yet: your initials stand in for it.'}</p>
      </div>
      <ErrorBox error={deletePicture.error ?? undefined} />
      <ImageUploadForm pickLabel="Choose a picture" saveLabel="Save Profile Picture" shape="round" onUploaded={save}>
        {profile.image && (
          <button type="button" className="button danger" onClick={remove} disabled={deletePicture.isPending}>
            <Trash2 size={17} aria-hidden="true" />
            {deletePicture.isPending ? 'Deleting…' : 'Delete Profile Picture'}
          </button>
        )}
        <Link href="/profile/edit" className="button secondary">
          Cancel
        </Link>
      </ImageUploadForm>
    </div>
  );
}
