import type { SessionUser } from '#contract/accounts';
import type { CircleReader } from '#contract/circle';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../../state/session';
import { fakeServer, type Handlers, ServerError } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import {
  alerts,
  buttonNamed,
  click,
  fieldLabelled,
  type RenderedScreen,
  renderScreen,
  statuses,
  textOf,
  typeInto,
} from '../../testing/render-screen';
import { ReadersScreen } from './readers-screen';

const writer: SessionUser = {
  user_info: {
    username: 'margaret',
    first_name: 'Margaret',
    last_name: 'Hale',
    email: 'margaret@example.org',
    dob: '1948-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
};

const story = (audience: 'everyone' | 'link' | 'circle' | 'only_me') => ({
  username: 'margaret',
  title: 'North and South',
  story_image: null,
  first_name: 'Margaret',
  last_name: 'Hale',
  dob: null,
  age: null,
  user_image: null,
  is_private: false,
  page_count: 2,
  text: '<p>Hello</p>',
  like_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  version: 1,
  chapters: [],
  audience,
});

const reader = (id: number, name: string, more: Partial<CircleReader> = {}): CircleReader => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.org`,
  invited_at: '2026-11-27T09:00:00.000Z',
  joined: false,
  joined_at: null,
  last_read_at: null,
  ...more,
});

const LINK = { key: 'k'.repeat(24), url: `http://localhost/s/${'k'.repeat(24)}`, audience: 'everyone' as const };

/** A writer with a story and nobody around it yet; `more` replaces any answer. */
function server(more: Handlers = {}) {
  return fakeServer({
    'stories.get': () => story('everyone'),
    'circle.list': () => ({ readers: [] }),
    'stories.shareLink': () => LINK,
    'follows.followers': () => [],
    ...more,
  });
}

let screen: RenderedScreen | null = null;
const el = () => screen!.container;
const field = (label: string) => {
  const f = fieldLabelled(el(), label);
  if (!f) throw new Error(`No field labelled ${label}`);
  return f;
};
const button = (name: string) => buttonNamed(el(), name);

beforeEach(() => {
  signedIn(writer);
  history.replaceState(null, '', '/readers');
});
afterEach(async () => {
  await screen?.unmount();
  screen = null;
  signedOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open() {
  screen = await renderScreen(<ReadersScreen />);
  await waitFor(() => expect(el().querySelector('#share-link, .notice')).not.toBeNull());
}

describe('the Readers screen', () => {
  it('says who can read the story, and says so when nobody is invited or follows', async () => {
    server({ 'stories.get': () => story('circle') });
    await open();
    expect(textOf(el().querySelector('h1'))).toBe('Your readers');
    await waitFor(() => expect(el().textContent).toContain('Right now your story can be read only by people you invite.'));
    const change = [...el().querySelectorAll('a')].find((a) => textOf(a) === 'Change who can read');
    expect(change?.getAttribute('href')).toBe('/story/write#audience');
    expect([...el().querySelectorAll('h2')].map(textOf)).toEqual([
      'Invite family and friends',
      'People you invited',
      'Share link',
      'Followers',
    ]);
    await waitFor(() => expect(el().textContent).toContain('You have not invited anyone yet.'));
    expect(el().textContent).toContain('Nobody follows your story yet.');
    expect(field('Your share link').value).toBe(LINK.url);
    expect(field('Your share link').readOnly).toBe(true);
  });

  it('with no story yet, still offers inviting, says who will read it, and where the share link will be', async () => {
    server({
      'stories.get': () => null,
      'stories.audience': () => ({ audience: 'circle' }),
      'stories.shareLink': () => {
        throw new ServerError('NOT_FOUND', 404, 'Story not found.');
      },
    });
    await open();
    await waitFor(() => expect(el().textContent).toContain('You have not pressed “Save Story” yet'));
    await waitFor(() => expect(el().textContent).toContain('When you do, only people you invite will be able to read it.'));
    expect(el().textContent).toContain('Your share link will be here once you have saved your story.');
    expect(field('Name')).not.toBeNull();
    expect(button('Send invitations')).not.toBeNull();
  });

  it('invites the people typed in (empty rows left out), says who got an invitation and clears the rows', async () => {
    const fake = server({
      'circle.invite': ({ readers }) => ({
        invited: readers.map((r, i) => reader(i + 1, String(r.name), { email: String(r.email) })),
        not_sent: [],
      }),
    });
    await open();
    await typeInto(field('Name'), 'Anna');
    await typeInto(field('Email address'), 'anna@example.org');
    await click(button('Add another person'));
    await click(button('Add another person'));
    expect(field('Name, person 3')).not.toBeNull();
    await typeInto(field('Name, person 3'), 'Tom');
    await typeInto(field('Email address, person 3'), 'tom@example.org');
    fake.handle('circle.list', () => ({ readers: [reader(1, 'Anna'), reader(2, 'Tom')] }));
    await click(button('Send invitations'));
    await waitFor(() => expect(statuses(el())).toContain('Invitations sent to Anna and Tom.'));
    expect(fake.callsTo('circle.invite')).toEqual([
      {
        readers: [
          { name: 'Anna', email: 'anna@example.org' },
          { name: 'Tom', email: 'tom@example.org' },
        ],
      },
    ]);
    expect(field('Name').value).toBe('');
    expect(fieldLabelled(el(), 'Name, person 2')).toBeNull();
    await waitFor(() => expect(button('Send again to Tom')).not.toBeNull());
  });

  it('offers at most ten rows, and a row after the first can be taken out', async () => {
    server();
    await open();
    for (let i = 0; i < 9; i++) await click(button('Add another person'));
    expect(fieldLabelled(el(), 'Name, person 10')).not.toBeNull();
    expect(button('Add another person')?.disabled).toBe(true);
    expect(button('Remove person 1')).toBeNull();
    await click(button('Remove person 10'));
    expect(fieldLabelled(el(), 'Name, person 10')).toBeNull();
    expect(button('Add another person')?.disabled).toBe(false);
  });

  it('shows the server’s field messages under the fields of the right rows', async () => {
    server({
      'circle.invite': () => {
        throw new ServerError('BAD_REQUEST', 400, 'Please enter a valid email address.', {
          'readers.1.email': 'Please enter a valid email address.',
        });
      },
    });
    await open();
    await typeInto(field('Name'), 'Anna');
    await typeInto(field('Email address'), 'anna@example.org');
    await click(button('Add another person'));
    await click(button('Add another person'));
    // Row 2 stays empty and is not sent: the server's reader 1 is row 3.
    await typeInto(field('Name, person 3'), 'Tom');
    await typeInto(field('Email address, person 3'), 'tom@');
    await click(button('Send invitations'));
    const tom = field('Email address, person 3');
    await waitFor(() => expect(tom.getAttribute('aria-invalid')).toBe('true'));
    const note = document.getElementById(tom.getAttribute('aria-describedby') ?? '');
    expect(textOf(note)).toBe('Please enter a valid email address.');
    expect(field('Email address').getAttribute('aria-invalid')).toBeNull();
    expect(alerts(el())).toEqual(['Please look at the fields marked above and try again.']);
    expect(statuses(el())).toEqual([]);
    // Typing again takes the message away.
    await typeInto(tom, 'tom@example.org');
    expect(tom.getAttribute('aria-invalid')).toBeNull();
  });

  it('names a reader whose email could not be sent', async () => {
    server({
      'circle.invite': ({ readers }) => ({
        invited: readers.map((r, i) => reader(i + 1, String(r.name), { email: String(r.email) })),
        not_sent: ['tom@example.org'],
      }),
    });
    await open();
    await typeInto(field('Name'), 'Anna');
    await typeInto(field('Email address'), 'anna@example.org');
    await click(button('Add another person'));
    await typeInto(field('Name, person 2'), 'Tom');
    await typeInto(field('Email address, person 2'), 'tom@example.org');
    await click(button('Send invitations'));
    await waitFor(() => expect(statuses(el())).toContain('Invitation sent to Anna.'));
    expect(alerts(el())).toEqual([
      'We could not send the email to Tom just now. They are on your list below: press “Send again” there to try once more.',
    ]);
  });

  it('says the rate limit in the server’s plain words', async () => {
    const words = 'Too many invitations in an hour. Please try again in 40 minutes.';
    server({
      'circle.invite': () => {
        throw new ServerError('TOO_MANY_REQUESTS', 429, words);
      },
    });
    await open();
    await typeInto(field('Name'), 'Anna');
    await typeInto(field('Email address'), 'anna@example.org');
    await click(button('Send invitations'));
    await waitFor(() => expect(alerts(el())).toEqual([words]));
    // Nothing was sent, so what was typed stays.
    expect(field('Name').value).toBe('Anna');
  });

  it('lists the people invited with where they are, and sends again', async () => {
    const fake = server({
      'circle.list': () => ({
        readers: [
          reader(1, 'Anna', { joined: true, joined_at: '2026-11-27T12:00:00.000Z', last_read_at: '2026-11-27T13:00:00.000Z' }),
          reader(2, 'Tom'),
        ],
      }),
      'circle.resend': ({ id }) => ({ invited: [reader(id, 'Anna')], not_sent: [] }),
    });
    await open();
    await waitFor(() => expect(el().querySelectorAll('.reader-item')).toHaveLength(2));
    const [anna, tom] = [...el().querySelectorAll('.reader-item')].map(textOf);
    expect(anna).toContain('anna@example.org');
    expect(anna).toContain('Invited on November 27, joined on November 27, last read on November 27.');
    expect(tom).toContain('Invited on November 27, has not opened it yet.');
    expect(el().textContent).toContain('You have invited 2 people.');
    await click(button('Send again to Anna'));
    await waitFor(() =>
      expect(statuses(el())).toContain('A new invitation was sent to Anna. The link in the earlier email no longer works.'),
    );
    expect(fake.callsTo('circle.resend')).toEqual([{ id: 1 }]);
  });

  it('asks before removing, puts the focus on Cancel and back, and removes on "Remove"', async () => {
    const fake = server({
      'circle.list': () => ({ readers: [reader(1, 'Anna'), reader(2, 'Tom')] }),
      // A procedure with no answer (void): its output type is never.
      'circle.remove': () => undefined as never,
    });
    await open();
    await waitFor(() => expect(button('Remove Tom')).not.toBeNull());
    await click(button('Remove Tom'));
    const question = el().querySelector('.confirm-box');
    const label = document.getElementById(question?.getAttribute('aria-labelledby') ?? '');
    expect(textOf(label)).toBe('Tom will no longer be able to read your story.');
    expect(document.activeElement).toBe(button('Cancel'));
    await click(button('Cancel'));
    expect(el().querySelector('.confirm-box')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button('Remove Tom')));
    expect(fake.callsTo('circle.remove')).toEqual([]);

    await click(button('Remove Tom'));
    fake.handle('circle.list', () => ({ readers: [reader(1, 'Anna')] }));
    await click(button('Remove'));
    await waitFor(() => expect(statuses(el())).toContain('Tom was removed and can no longer read your story.'));
    expect(fake.callsTo('circle.remove')).toEqual([{ id: 2 }]);
    expect(button('Remove Tom')).toBeNull();
    expect(document.activeElement?.textContent).toBe('People you invited');
  });

  it('copies the share link, or selects it when there is no clipboard', async () => {
    server();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await open();
    await click(button('Copy link'));
    await waitFor(() => expect(statuses(el())).toContain('Link copied.'));
    expect(writeText).toHaveBeenCalledWith(LINK.url);

    writeText.mockRejectedValueOnce(new Error('not allowed'));
    await click(button('Copy link'));
    await waitFor(() => expect(statuses(el())).toContain('The link is selected: copy it with your device’s Copy command.'));
    expect(document.activeElement).toBe(field('Your share link'));
  });

  it('makes a new link only after saying the old one stops', async () => {
    const fresh = { ...LINK, key: 'n'.repeat(24), url: `http://localhost/s/${'n'.repeat(24)}` };
    const fake = server({ 'stories.newShareLink': () => fresh });
    await open();
    await click(button('Make a new link'));
    const question = el().querySelector('.confirm-box');
    expect(textOf(document.getElementById(question?.getAttribute('aria-labelledby') ?? ''))).toBe(
      'The old link will stop working for everyone who has it.',
    );
    expect(document.activeElement).toBe(button('Cancel'));
    await click(button('Cancel'));
    expect(fake.callsTo('stories.newShareLink')).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(button('Make a new link')));

    await click(button('Make a new link'));
    await click(question ? (el().querySelector('.confirm-box .button.danger-solid') as HTMLElement) : null);
    await waitFor(() => expect(field('Your share link').value).toBe(fresh.url));
    expect(statuses(el())).toContain('A new link was made. The old link no longer works.');
    expect(fake.callsTo('stories.newShareLink')).toHaveLength(1);
  });

  it('lists followers with their count, and says who has not confirmed', async () => {
    server({
      'follows.followers': () => [
        { kind: 'account', who: 'john', confirmed: true, since: '2026-11-20T10:00:00.000Z' },
        { kind: 'email', who: 'fred@example.org', confirmed: false, since: '2026-11-26T10:00:00.000Z' },
      ],
    });
    await open();
    await waitFor(() => expect(el().textContent).toContain('2 people follow your story.'));
    const items = [...el().querySelectorAll('section[aria-labelledby="followers-title"] li')].map((li) => [
      textOf(li.querySelector('.reader-name')),
      textOf(li.querySelector('.reader-state')),
    ]);
    expect(items).toEqual([
      ['john', 'Follows with their account since November 20.'],
      ['fred@example.org', 'Follows with this address since November 26. They have not confirmed it yet, so they get no emails.'],
    ]);
  });
});
