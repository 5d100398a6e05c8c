// Before a first publish (issue #26, point 3): "Save Story" makes a story public, which a new writer may take for
// "save my work". So the first press shows page 1 exactly as readers will get it (the server formats it as the
// publish will: stories.preview), says who will be able to read it, and publishes only on "Publish my story".
// A modal <dialog>: focus stays inside, Escape or "Keep writing" goes back to the editor with nothing changed.
import { useEffect, useId, useRef } from 'react';
import type { Audience } from '#contract/access';
import type { StoryPreview } from '#contract/stories';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

/** Who will read it, said before the first publish. */
export const WHO_WILL_READ = defineMessages({
  everyone: { id: 'publishPreview.who.everyone', defaultMessage: 'Everyone will be able to find and read it.' },
  link: { id: 'publishPreview.who.link', defaultMessage: 'Only people you give the link to will be able to read it.' },
  circle: { id: 'publishPreview.who.circle', defaultMessage: 'Only the family and friends you invite will be able to read it.' },
  only_me: { id: 'publishPreview.who.onlyMe', defaultMessage: 'Only you will be able to read it.' },
}) satisfies Record<Audience, unknown>;

export function FirstPublishPreview({
  preview,
  audience,
  publishing,
  onPublish,
  onClose,
}: {
  preview: StoryPreview;
  audience: Audience;
  publishing: boolean;
  onPublish: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const intl = useIntl();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    // The dialog opens at its top, with focus on its heading: read from the beginning, not from the buttons.
    el?.querySelector<HTMLElement>('h2')?.focus();
    el?.scrollTo({ top: 0 });
  }, []);
  const pages = intl.formatMessage(
    {
      id: 'publishPreview.pages',
      defaultMessage: '{count, plural, one {Your story has 1 page.} other {Your story has # pages; this is the first.}}',
    },
    { count: preview.page_count },
  );

  return (
    <dialog
      ref={dialog}
      className="publish-preview"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-who`}
      onClose={onClose}
      onCancel={(e) => {
        if (publishing) e.preventDefault();
      }}
    >
      <h2 id={`${id}-title`} tabIndex={-1}>
        <FormattedMessage id="publishPreview.title" defaultMessage="Page 1 as your readers will see it" />
      </h2>
      <p id={`${id}-who`} className="publish-preview-who">
        {intl.formatMessage(WHO_WILL_READ[audience])}
      </p>
      <p className="publish-preview-pages">
        {pages}{' '}
        <FormattedMessage id="publishPreview.canChange" defaultMessage="You can change your story, and who can read it, at any time." />
      </p>
      <div className="publish-preview-page">
        <p className="publish-preview-story-title" dir="auto">
          {preview.title}
        </p>
        {preview.html.trim() ? (
          // Safe to inject: the server sanitised it exactly as it will serve the published page (stories.preview).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised story HTML; it is rich text by design.
          <div className="story-text" dangerouslySetInnerHTML={{ __html: preview.html }} />
        ) : (
          <p className="empty-state">
            <FormattedMessage id="publishPreview.empty" defaultMessage="This page is empty." />
          </p>
        )}
      </div>
      <div className="button-row publish-preview-actions">
        <button type="button" className="button large" onClick={onPublish} disabled={publishing}>
          {publishing ? (
            <FormattedMessage id="write.publishing" defaultMessage="Publishing…" />
          ) : (
            <FormattedMessage id="publishPreview.publish" defaultMessage="Publish my story" />
          )}
        </button>
        <button type="button" className="button secondary large" onClick={() => dialog.current?.close()} disabled={publishing}>
          <FormattedMessage id="publishPreview.keepWriting" defaultMessage="Keep writing" />
        </button>
      </div>
    </dialog>
  );
}
