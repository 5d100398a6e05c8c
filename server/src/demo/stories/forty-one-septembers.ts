import type { DemoStory } from '../story-types';

export const fortyOneSeptembers: DemoStory = {
  title: 'Forty-One Septembers',
  text: `
I taught English to the children of Ashford, Ohio, for forty-one years, and I have been retired now for nearly twenty, and I still wake up every year on the Tuesday after Labor Day with my heart going like a rabbit's. My body has not been informed. It is waiting for the bell.

My granddaughter set up this account for me and told me I should write my life story. I told her that I had spent four decades making other people write theirs, in five paragraphs with a thesis statement, and that it seemed only fair. So here it is. I will try to follow my own rules. I will probably fail. I always told my students that the rules were for learning, and the breaking was for later, once you had earned it. At eighty-one I believe I have earned it.

## The first September

It was 1965. I was twenty-one and I had a new dress, navy blue with a white collar, and a pair of shoes that pinched, and a room on the second floor of Ashford High School with thirty-four desks bolted to the floor and a radiator that hissed like a cat. I had written my name on the chalkboard in my best Palmer Method: *Miss Eleanor Whitcomb*. I had a seating chart. I had a lesson on *The Scarlet Letter* that I had rehearsed in front of my mirror.

Thirty-four sixteen-year-olds came in, looked at me, and understood at once that I was barely older than they were and terrified. A boy in the back row, whose name was Dale Kowalski and who is now, I am told, a retired state senator, put his feet up on the desk in front of him. I said, in a voice I did not know I had, *Mr. Kowalski, that desk has done nothing to you.* The class laughed. Dale took his feet down. And I understood, in that moment, the whole secret of teaching, which I then spent forty years refining: you must love them, and they must never be quite sure what you will say next.

## What I wrote on the board

Every September, on the first day, I wrote the same four rules on the board, and I left them there until June. Former students still quote them to me at the grocery store, which is either very touching or a sign that I repeated myself too often.

1. Read everything. Cereal boxes count.
2. Say what you mean, then stop.
3. If you do not understand, say so. That is not weakness. That is the beginning of understanding.
4. Be kind in the margins.

The fourth rule was for me as much as for them. It meant that when I marked their essays, in red pen, late at night at my kitchen table, I would always write something true and good in the margin before I wrote anything else. Sometimes I had to look very hard. *Your second sentence has a fine rhythm.* *I can tell you care about this dog.* But there is always something, and a child who has been told one true good thing will read the rest of your comments. A child who has only been told what is wrong will not.

## Mr. Abernathy

I married Robert Abernathy in 1968. He taught chemistry across the hall. He used to set small things on fire during my fourth period, on purpose, for educational reasons, and the smell would drift into my classroom in the middle of Keats. I went across to complain and came back engaged. That is a slight exaggeration, but only slight.

We were married for forty-four years. We never had children of our own, which was a sorrow at first and then was not, because we had, by Robert's count, something over nine thousand. He used to say that on any given Saturday, in any store in Ashford, we could not get to the checkout without being stopped by someone we had taught, and that this was our version of grandchildren, and that it was better, because we did not have to buy them birthday presents. He died in 2012. At his funeral the church was so full they opened the doors and people stood on the steps in the rain. Half of them had, at one time, been set on fire, or at least seen something set on fire, in his classroom.

## The letter

I kept every letter a student ever wrote me. There are four shoeboxes in my hall closet. I want to copy one here, because it is the one I read when I am low, and because the young woman who wrote it gave me permission, on the telephone, last week. She said, *Mrs. A, you can put it in the newspaper if you like.* This is not the newspaper, but it is close.

> Dear Mrs. Abernathy,
>
> You probably don't remember me. I was in your junior English in 1987, in the back by the window, and I never said anything, because at home nobody wanted to hear anything I said, and I thought that was how it was everywhere.
>
> In October you wrote on my paper about my grandmother's house: "This is the best sentence anyone has written in this class all year. Please write more of them." I didn't know what to do with that. I read it about a hundred times. I still have the paper.
>
> I'm a nurse now. I write things down for a living, charts and notes, and every time I write something clear and true I think about that sentence. Thank you for seeing me before I could see myself.
>
> Love, Theresa

I did remember her. I remember almost all of them. That is the part people do not expect. They think teachers forget you the moment the bell rings in June. We do not. We carry you all around with us, every one of you, in the back row by the window, for the rest of our lives.

## The last September

I retired in 2006, at sixty-two, because the school wanted me to teach to a test, and I was too old and too stubborn to teach to anything but the child in front of me. On my last day a boy named Marcus, who had fought me all year about poetry, stood up at the end of class and recited the whole of Frost's *Nothing Gold Can Stay*, all eight lines, from memory, and then sat down again and would not look at me. It was the finest moment of my career. I did not cry until I got to the car. I was always very strict about that.

Now I read. I read everything. Cereal boxes count. I volunteer at the library on Thursdays, and I help the children with their homework, and I am kind in the margins. And every September, on the Tuesday after Labor Day, I get up early and put on a good dress, navy blue, and I have a cup of coffee on the porch and listen, across the whole town, for the sound of the bell.
`,
  comments: [
    ['bea.reads', '"Be kind in the margins." I am a copy editor and I am putting this above my desk.'],
    ['kavya.codes', 'Rule 2 is also the best advice for writing code reviews. Say what you mean, then stop.'],
    [
      'walter.green',
      'I had a Miss Whitcomb of my own, in 1948, in Dayton. She made me read Jack London and I have never forgiven or forgotten her. God bless teachers.',
    ],
    ['eleanor.abernathy', 'Mr. Green, Jack London never hurt anybody who stayed near a fire. I am glad she got to you.'],
    [
      'saidit.outloud',
      'The teachers who see the quiet ones in the back row save lives. I was one of those. Thank you for Theresa, and for all the others.',
    ],
    ['jaylen.runs', 'My grandma was a teacher and she still corrects my texts. Now I know why. This was really good.'],
  ],
};
