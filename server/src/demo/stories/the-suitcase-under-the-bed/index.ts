// The long memoir of the demo (about twelve pages), kept in four files of a few chapters each.
import type { DemoStory } from '../../story-types';
import { part1 } from './part-1';
import { part2 } from './part-2';
import { part3 } from './part-3';
import { part4 } from './part-4';

export const theSuitcaseUnderTheBed: DemoStory = {
  title: 'The Suitcase Under the Bed: A Memoir of Warsaw, Wildflecken and Hamilton',
  text: [part1, part2, part3, part4].join('\n'),
  comments: [
    [
      'bea.reads',
      'I read all twelve pages in one sitting and then sat in the dark for a while. The girl with the red ribbon. Thank you for seeing her for us.',
    ],
    [
      'walter.green',
      'My father was with the Third Army in Bavaria in the spring of 1945. He never talked about it, except once, about a little Polish girl by a barn and a chocolate bar. It cannot have been you. It does not matter. I am glad somebody saluted your mother.',
    ],
    [
      'irena.nowak',
      'Mr. Green, perhaps it was and perhaps it was not. There were many barns and, thank God, many chocolate bars. Please take my thanks for him anyway, since I never could give it.',
    ],
    [
      'paperlanterns',
      'Pier 21 in Halifax, and then the trees that went on and on with nothing burned. I arrived somewhere else, by sea, in 1979, and I had the same thought.',
    ],
    [
      'tomasz.bakes',
      'Pani Ireno, I grew up in Nowa Huta and my grandmother stood in the same kind of queues. Your mother and she would have understood each other without speaking. Dziękuję.',
    ],
    ['kavya.codes', 'A schoolgirl with a project. I have goosebumps.'],
    [
      'eleanor.abernathy',
      'You learned to read in a whisper. I have taught for forty-one years and I have never read a sentence that explains better why it matters that we teach.',
    ],
    [
      'maren.holt',
      'The list of what is in the suitcase. I will be thinking about the piece of paper under the Communion dress for a long time.',
    ],
    [
      'sticks.baptiste',
      '"You do the next thing." My mama would have said the same. Somebody has to put the flowers. God bless you, Miss Irena.',
    ],
    [
      'meilin.chen',
      'I sent this to my mother, who does not read English easily. She read the whole thing with a dictionary over three days and then called me to talk about the suitcase.',
    ],
    ['konbini.kenji', 'I do not have words. Thank you.'],
    [
      'irena.nowak',
      'Thank you all. I did not expect anyone to read it. Zosia says people read it all the way through, on their telephones, which I do not understand but I am grateful for.',
    ],
  ],
};
