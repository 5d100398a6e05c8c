import type { DemoStory } from '../story-types';

export const leavingInApril: DemoStory = {
  title: 'Leaving in April',
  text: `
I have written this story nine times. Every version started with him, and every version I deleted, because I realized that even here, even now, I was letting him go first. So this time I am starting with me.

I am thirty-nine. I am a dental hygienist. I have a daughter who is eleven and loves horses and hates math, and a small apartment with a balcony where I grow tomatoes badly and basil very well. I sing in a community choir on Tuesday nights, alto, second row. I like mystery novels, long walks, and the first coffee of the morning drunk in complete silence. I am, by most measures, an ordinary woman with an ordinary life.

Four years ago I did not have any of this. Not the apartment, not the choir, not the silence. I had a big house in a good suburb and a husband whom everybody liked.

## The part about him

I will keep this short, because it is my story and he has had enough of it.

He was charming. Everyone says that, I know, and it is a cliché, and it is a cliché because it is true: the ones who do what he did are very often the ones everybody likes. He was funny at parties. He coached our daughter's soccer team. He remembered my mother's birthday. And at home, with the door closed, he decided everything. What I wore. Who I saw. How much I spent, to the dollar, checked every Sunday night at the kitchen table with a pen. Whether I was allowed to be tired. Whether I was allowed to be sad. What I had really meant, when I said something, which was never what I thought I had meant.

He never hit me. I want to say that clearly, because for years I used it as a reason to stay. *He has never hit me.* As if that were the line, and everything on my side of it was fine. I know now that there are a great many ways to make a person smaller, and most of them leave no marks. By the end I was so small I could hardly find myself. I would stand in the shower in the morning and try to remember what I liked. Not what he liked, not what was allowed. What I liked. I could not think of a single thing.

## The morning

It was an ordinary Tuesday in April. He had left for work. My daughter was at school. I was unloading the dishwasher and I dropped a glass, one of the good ones, a wedding present, and it shattered on the tile. And I stood there looking at it, with my heart pounding, already composing the explanation, the apology, calculating how to hide it, whether I could buy a replacement before Sunday without it showing in the accounts.

And then, for no reason I can explain, I started to laugh. I was thirty-five years old and I was afraid of a glass. I stood in my beautiful kitchen and laughed until I cried, and then I got the dustpan, and swept it up, and put the pieces in the trash, right on top, where he would see them. And then I sat down at the kitchen table and picked up the phone and called the number on a card a woman at my dentist's office had given me, a year before, very quietly, with a look I had pretended not to understand.

## Leaving

I will not describe how we left, because there are women reading this who may need to do it, and the details of how are not safe to put on the internet, and the people who helped me asked me not to. I will say this: it took eleven days of planning, and a great deal of help from strangers, and a bag packed and hidden at a friend's house, and one very long drive. I will say that I left almost everything. The house, the furniture, the good glasses, all the photographs on the walls. I took my daughter, our passports, my grandmother's ring, and a plant, a small basil plant from the kitchen windowsill, which is a ridiculous thing to take when you are fleeing your life, but my hand reached for it on the way out and I let it.

That plant is the grandmother of the basil on my balcony now. I have kept it going for four years, cutting by cutting. It is a ridiculous thing to be proud of. I am very proud of it.

## After

The first year was the hardest. People do not tell you that. They think the leaving is the hard part and then you are free. The leaving is terrifying, but it is quick. What comes after is slow. There were lawyers and courts and a great many forms. There was a small rented room and then a smaller one. There were nights when I was sure I had made a mistake, that it had not really been so bad, that I had been dramatic; he was very good at making me think that, and he had years of practice, and the voice did not leave when he did. It took a counselor, and a support group in the basement of a library, and about two years, before the voice in my head was my own again.

Here is what I found, when it was. I like mystery novels. I like walking in the rain. I like coffee, black, in silence, before anyone else is awake. I like singing in harmony, where nobody is the star and the sound only works if everybody listens. I like basil. I like my daughter's terrible jokes. I like myself, most days. That one took the longest.

## Why private

I keep this account private, and I have not used my name. Some of the reasons are obvious. But the main one is this: I do not want this to be the thing people know about me. It happened. It is part of my story. It is not the title. The title is the part that comes after the leaving.

If you are standing in a kitchen, afraid of a glass: I see you. There is a number. There are people who will help you. You can take the basil.
`,
  comments: [
    [
      'saidit.outloud',
      '"It is part of my story. It is not the title." Thank you for this, from someone who also knows what it is to stand in front of a mirror and not know what he likes.',
    ],
    [
      'ada.okafor',
      'I have sat with women in A&E at three in the morning who needed to read exactly this. You can take the basil. Bless you.',
    ],
    ['quietwren', 'Thank you, both of you. I was frightened to post this. I am glad I did.'],
    ['bea.reads', 'Alto, second row. I hope the choir knows how lucky they are.'],
  ],
};
