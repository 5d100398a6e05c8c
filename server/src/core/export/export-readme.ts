// README.txt inside "Download my data", its first file: first in plain words, what to open to read the story; then
// what each file holds (docs/data-export.md has the full schema).
export const EXPORT_README = `Your story and your data from Life Story
========================================

TO READ YOUR STORY
First unpack the downloaded file. On Windows: right-click it and choose "Extract All".
On a Mac: double-click it. A folder appears, holding these files.

Then open the file called "story.html". A double-click is enough: it opens in your web
browser (the program you use for the internet), with your photos, and you do not
need to be connected to the internet. You can print it from there.

"story.epub" is the same story as an e-book. Open it on an e-reader, or with
Apple Books on an iPhone or iPad, or Google Play Books on an Android phone.

The folder "files" holds your photos, one file for each. "story-photos", when it is
there, holds photos other people shared that your story shows.

If there is no "story.html", you have not published your story yet: publish it on
the site, then download your data again.

Keep this whole folder together: "story.html" finds its photos beside it.
Please keep a copy somewhere safe, for example on a USB stick, and give one to
your family.

FOR A COMPUTER (ALL THE OTHER FILES)
------------------------------------

This folder holds everything you gave the site, as it was when you downloaded it.
The .json files are plain text in JSON format, which any computer can read; times are in UTC
(ISO 8601, e.g. 2026-11-23T17:00:00.000Z).

profile.json    Your account: username, email address, names, date of birth, picture, whether
                your account is private, the language you chose for the site, when it was made
                and last changed.
story.json      Your published story (title and text as HTML), or null if you have none.
draft.json      The draft you have not published yet, as the editor saved it, or null.
revisions.json  Every version of your story you published, oldest first.
kept-drafts.json  Drafts you replaced by bringing in a document ("Replace my draft"), oldest
                first: title and text as the editor saved them, never published.
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
story.html      Your published story as one web page, with its photos (from files/ and
                story-photos/); only when you have published one.
story.epub      The same story as an EPUB e-book.
story-photos/   Photos of other people's that your story shows.

The full description of every field is in the site's documentation: docs/data-export.md
(format "life-story-data-export", version 1).
`;
