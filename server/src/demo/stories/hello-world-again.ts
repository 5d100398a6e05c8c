import type { DemoStory } from '../story-types';

export const helloWorldAgain: DemoStory = {
  title: 'Hello, World, Again',
  text: `
The first program I ever wrote was two lines long and it did not work.

I was nine. It was 2000, in Pune, and my father had brought home a beige computer from the office where he was an accountant, an old one they were throwing out, with a monitor the size of a microwave and a keyboard missing the letter Q. He set it up on the dining table, which meant that for the next three years we ate dinner on the sofa. My mother never forgave the computer. I never forgave the missing Q, because it meant I could not type *quit*.

There was a book that came with it, a thin paperback called *Learn BASIC in 21 Days*, with a cartoon of a smiling robot on the cover. On the first page it said to type this:

~~~
10 PRINT "HELLO, WORLD"
20 GOTO 10
~~~

I typed it. I forgot the quotation marks. The computer said \`Syntax error in 10\` and I burst into tears, because I was nine and I thought I had broken it, and my father came and looked over my shoulder and said, in the voice he used for tax returns, *Kavya, the machine is not angry with you. It is only very literal.*

That sentence turned out to be the most useful thing anyone ever told me about my career. I have thought about it in job interviews and code reviews and at three in the morning in front of a production outage. The machine is not angry with you. It is only very literal.

I put the quotation marks in. I pressed Enter. And the screen filled, line after line, faster than I could read, *HELLO, WORLD, HELLO, WORLD, HELLO, WORLD*, forever, until my father reached over and showed me how to press Control and Break. I sat there with my heart going. I had made a machine say something. I had made it say something forever.

## The good years

I will skip quickly over the next part, because every programmer's story has it, and it is only interesting to the programmer. I was good at maths. I did engineering in Pune, then a master's in Toronto, on a scholarship and a great deal of my parents' savings. I learned C and Java and Python and the real meaning of the word *segfault*. I got a job at a startup that made software for hospitals, and then at a bigger startup that made software for other startups, and then at a very big company whose name you would know, where I had a standing desk and free lunch and a title with the word *Senior* in it.

I loved it. I want to be honest about that, because the next part might make it sound as if I did not. I loved the puzzles. I loved the feeling of a hard bug finally giving way, like a knot coming loose. I loved the people, most of them, the strange brilliant funny people who argue for an hour about tabs versus spaces and then stay until midnight to help you with something that is not their job. I loved that I could make a thing on Tuesday that a million people used on Wednesday.

## The bad year

In 2021 I burned out. That is the phrase everyone uses, and I have never liked it, because it sounds dramatic, like a house fire, and it was not like that at all. It was more like a phone battery. Every day I woke up at a slightly lower percentage. I did not notice until I was at four percent and could not open my laptop without feeling sick.

There were reasons. The pandemic. A project that was cancelled after two years of my life. A manager who measured us in tickets closed. My grandmother in Pune dying, and me watching the cremation on a video call at four in the morning Toronto time, and then logging in to stand-up at nine as if nothing had happened, because what else do you do. There were reasons, but there is no point listing them. The point is that one morning in October I sat in front of my editor and I could not type. I had written code almost every day for twenty years. My hands would not do it.

I took leave. Then I quit. My parents, who had spent their savings on my master's degree, were very calm about this on the phone and, I found out later, very not calm about it with each other.

## Clay

I did a very Toronto thing, which was to take a pottery class. I am not proud of how much of a cliché this is. There was a studio on Dundas Street West with a wheel and a kiln and a teacher named Margit who was seventy and Hungarian and had no interest whatsoever in what I did for a living. On the first night she put a lump of clay on the wheel in front of me and said, *Center it.* I tried for two hours. It wobbled. It flew off. It collapsed. I got clay in my hair and my ears. I did not, for two whole hours, think about a single line of code.

I went back every week for a year. I made a great many ugly bowls. I learned that clay is like a computer in one way only: it is very literal. If your hands are not steady, it knows. If you press too hard, it collapses. It does not care about your title. It does not care how many people used your thing on Wednesday. It only cares what your hands are doing right now.

Margit said to me once, watching me fail to center for the fortieth time, *You are trying to make it perfect before it is even round.* I went home and thought about that for a long time. I thought it was probably the reason I had been so tired.

## Hello, world, again

I came back to programming slowly, sideways. A friend ran a free coding club for teenage girls at the public library in Scarborough on Saturday mornings, and she needed a volunteer. I said I would come once. I have come every week for two years.

The first thing we teach them is the same thing I learned on the beige computer with no Q. Not in BASIC any more. We use JavaScript, in the browser, because every one of them has a browser, and because the [MDN Web Docs](https://developer.mozilla.org/) are free and good. It looks like this now:

~~~
console.log("Hello, world");
~~~

And every single Saturday, some girl forgets a quotation mark, and the browser says \`SyntaxError\`, and her face falls, and I get to lean over her shoulder and say it. *The machine is not angry with you. It is only very literal.* And she puts the quotation mark in, and presses Enter, and there it is. Her face when it works. I would do the whole thing again, the burnout and all, for that face.

I work again now, at a small company that makes open-source tools for libraries, which is not glamorous, and which pays less, and which I love in a steadier way, like a bowl that is finally centered. I write code four days a week. On Fridays I go to the studio. On Saturdays I go to the library. I do not have a standing desk. I have a chair that my father sent me from Pune, an old wooden one from his office, and when I sit in it I think of the dining table and the microwave monitor and the missing Q.

If you are reading this at four percent, I want to tell you: it is allowed to stop. The machine will still be there. It is not angry with you. You can come back, and say hello again, and mean it.

*If you want to know more about the two-line program: it is a very old tradition. Wikipedia has a whole article on the ["Hello, World!" program](https://en.wikipedia.org/wiki/%22Hello,_World!%22_program), which is the most programmer thing I can imagine.*
`,
  comments: [
    ['bea.reads', 'I am not a programmer and I understood every word. "You are trying to make it perfect before it is even round."'],
    ['konbini.kenji', 'Four percent battery. Exactly that. Thank you for writing the part where you came back.'],
    ['sticks.baptiste', 'Miss Kavya, Mr. Percy would say the same about drums. Center it first. Perfect comes later, if it comes at all.'],
    [
      'eleven.schools',
      'I did the library coding club thing when I was 15 at one of my schools. The volunteer said the literal thing too. maybe it was you lol',
    ],
    ['kavya.codes', 'Maybe! Or maybe every volunteer says it, because it is true. Keep going.'],
  ],
};
