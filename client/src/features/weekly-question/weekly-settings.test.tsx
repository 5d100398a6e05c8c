// "One question a week" in the notification settings and the registration checkbox (docs/decisions/0031-one-question-a-week.md),
// against the typed fake server: start with a day and a time in the browser's zone, change them, pause, resume,
// stop; and the emailed link's check for its chapter.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WeeklyQuestionSetting } from '#contract/weekly-question';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, click, fieldLabelled, type RenderedScreen, renderScreen, statuses } from '../../testing/render-screen';
import { hasChapter } from './question-from-link';
import { browserTimeZone, clockWords, dayName, nextWords, timeWords } from './schedule-words';
import { WeeklyQuestionSettings } from './weekly-settings';

let rendered: RenderedScreen | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const OFF: WeeklyQuestionSetting = { state: 'off', day: null, minute: null, time_zone: null, next_at: null };
const zone = browserTimeZone();

const selectLabelled = (root: ParentNode, label: string) => fieldLabelled(root, label) as unknown as HTMLSelectElement;
async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('WeeklyQuestionSettings', () => {
  it('starts with today’s weekday at 10:00 in the browser’s zone, then pauses, resumes and stops', async () => {
    let current: WeeklyQuestionSetting = OFF;
    const on = (s: { day: number; minute: number; time_zone: string }): WeeklyQuestionSetting => ({
      state: 'on',
      ...s,
      next_at: '2026-12-01T10:00:00.000Z',
    });
    const server = fakeServer({
      'weeklyQuestion.get': () => current,
      'weeklyQuestion.set': (input) => {
        current = on(input);
        return current;
      },
      'weeklyQuestion.pause': () => {
        current = { ...current, state: 'paused', next_at: null };
        return current;
      },
      'weeklyQuestion.resume': () => {
        current = { ...current, state: 'on', next_at: '2026-12-01T10:00:00.000Z' };
        return current;
      },
      'weeklyQuestion.stop': () => {
        current = { ...current, state: 'off', next_at: null };
        return current;
      },
    });
    rendered = await renderScreen(<WeeklyQuestionSettings />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('Off. No questions are sent.'));
    expect(c.querySelector('section h2')?.textContent).toBe('One question a week');
    expect(selectLabelled(c, 'Day').value).toBe(String(new Date().getDay()));
    expect(selectLabelled(c, 'Time').value).toBe('600');
    expect(selectLabelled(c, 'Time').selectedOptions[0]?.textContent).toBe('10:00 AM');
    expect(buttonNamed(c, 'Pause')).toBeNull();

    await choose(selectLabelled(c, 'Day'), '2');
    await choose(selectLabelled(c, 'Time'), '930');
    await click(buttonNamed(c, 'Start'));
    await waitFor(() => expect(statuses(c)).toContain('Started.'));
    expect(server.callsTo('weeklyQuestion.set')).toEqual([{ day: 2, minute: 930, time_zone: zone }]);
    expect(c.textContent).toContain('On. The next question comes on');
    expect(buttonNamed(c, 'Start')).toBeNull();

    await click(buttonNamed(c, 'Pause'));
    await waitFor(() => expect(c.textContent).toContain('Paused. No questions are sent until you resume.'));
    expect(buttonNamed(c, 'Pause')).toBeNull();
    await click(buttonNamed(c, 'Resume'));
    await waitFor(() => expect(buttonNamed(c, 'Pause')).not.toBeNull());

    // A changed time offers its own Save.
    await choose(selectLabelled(c, 'Time'), '1200');
    await click(buttonNamed(c, 'Save day and time'));
    await waitFor(() => expect(statuses(c)).toContain('Saved.'));
    expect(server.callsTo('weeklyQuestion.set').at(-1)).toEqual({ day: 2, minute: 1200, time_zone: zone });

    await click(buttonNamed(c, 'Stop'));
    await waitFor(() => expect(statuses(c)).toContain('Stopped.'));
    expect(buttonNamed(c, 'Start')).not.toBeNull();
    expect(server.callsTo('weeklyQuestion.stop')).toHaveLength(1);
  });

  it('names the times plainly', () => {
    expect([0, 30, 600, 720, 1410].map(timeWords)).toEqual(['12:00 AM', '12:30 AM', '10:00 AM', '12:00 PM', '11:30 PM']);
    // Spanish: the 24-hour clock and Intl's weekday names.
    expect([0, 570, 1410].map((m) => clockWords(m, 'es'))).toEqual(['0:00', '9:30', '23:30']);
    expect([0, 2].map((d) => dayName(d, 'es'))).toEqual(['domingo', 'martes']);
    expect(dayName(2)).toBe('Tuesday');
    expect(nextWords(new Date(2026, 11, 1, 10).toISOString(), 'es')).toEqual({ day: 'martes, 1 de diciembre', time: '10:00' });
  });

  it('finds a chapter already in the text, whatever its spacing and case', () => {
    expect(hasChapter('<p>a</p><h2>What was your first home  like?</h2><p>b</p>', 'What was your first home like?')).toBe(true);
    expect(hasChapter('<h3>What was your first home like?</h3>', 'What was your first home like?')).toBe(false);
    expect(hasChapter('', 'What was your first home like?')).toBe(false);
  });
});
