// README.txt inside "Download my data": what each file holds, in plain words (docs/data-export.md has the full schema).
export const EXPORT_README = `Your data from Life Story
=========================

This folder holds everything you gave the site, as it was when you downloaded it.
The .json files are plain text in JSON format, which any computer can read; times are in UTC
(ISO 8601, e.g. 2026-11-23T17:00:00.000Z).

profile.json    Your account: username, email address, names, date of birth, picture, whether
                your account is private, when it was made and last changed.
story.json      Your published story (title and text as HTML), or null if you have none.
draft.json      The draft you have not published yet, as the editor saved it, or null.
revisions.json  Every version of your story you published, oldest first.
comments.json   The comments you wrote, with the story each was on.
likes.json      The stories you liked, and when.
saves.json      The stories you saved, and when.
follows.json    The stories you follow (an email when new parts are published), and since when.
uploads.json    The pictures you uploaded: name, type, size, when; "file" says where it is here.
readers.json    The people you invited to read your story: name, email address, when invited,
                whether and when they joined with an account, when they last read.
circles.json    The stories you were invited to read and joined with your account: whose,
                the address you were invited at, when.
asked.json      The questions you asked writers whose circle you joined, when, and when
                their answer was published.
files/          The pictures themselves.

The full description of every field is in the site's documentation: docs/data-export.md
(format "life-story-data-export", version 1).
`;
