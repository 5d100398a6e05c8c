import type { DemoStory } from '../story-types';

export const whatTheBearsTaughtMe: DemoStory = {
  title: 'What the Bears Taught Me',
  text: `
I was a park ranger for thirty-one years, most of them in the northern Rockies, and when people find out they always ask the same thing: *Did you ever see a grizzly?* I saw about four hundred. I stopped counting after the first hundred because it started to feel rude, like counting the people at a dinner party.

I grew up in Ohio, flat as a table, and I went west at twenty-two with a forestry degree and a used Subaru and no idea what I was doing. My first posting was a backcountry cabin with a wood stove, a radio and a logbook, nine miles from the nearest road. My supervisor drove me to the trailhead, handed me a can of bear spray, and said, *Don't be interesting.* I thought he was joking. He was giving me the only advice I would ever need.

Here is what the bears taught me, in the order I learned it.

**They are not interested in you.** This is the first thing and the hardest thing for people to believe. A bear has a very full schedule. It has to eat something like twenty thousand calories a day in late summer, mostly berries and roots and moths, one at a time. You are a distraction. If you are quiet and sensible and give it room, it will glance at you, decide you are boring, and go back to the berries. Most of the trouble I saw in thirty-one years came from people who could not bear to be boring.

**Surprise is the enemy.** Nearly every bad encounter starts with a surprise: a hiker coming round a bend, a bear with cubs in the willows, both of them shocked. So you make noise. You talk, you sing, you clap on blind corners. I sang my way through three decades of backcountry. Mostly hymns, because they were the songs I knew all the words to. There is a particular stretch of trail in the Lamar Valley where I must have sung *Be Thou My Vision* a thousand times. The bears never complained.

**Stand still.** When a bear does come toward you, every cell in your body tells you to run. Do not run. Running says *prey*. You stand, you make yourself large, you speak in a low calm voice, and you wait. The longest minute of my life was a sow grizzly at thirty feet, in 1994, standing up on her hind legs to look at me. I talked to her. I told her about Ohio. She dropped down, huffed, and walked off with her cubs. I sat down on a log and shook for twenty minutes.

**Everything is connected to everything.** Bears eat the cutthroat trout that spawn up the creeks. When the trout declined, the bears ate more elk calves. When the wolves came back, the elk moved, and the willows came back along the rivers, and the beavers came back to the willows, and the trout came back to the beaver ponds. I watched the whole wheel turn over twenty years. It changed how I think about everything. You cannot pull one thread without the whole cloth moving.

**They will be here after you.** I retired at fifty-three with bad knees and a good pension. I still go back to the valley every September. I sit on a ridge with binoculars and a thermos and I watch the bears work the berry patches, putting on fat for the winter, paying no attention to me at all. They are not the same bears, of course. They are the grandchildren and great-grandchildren of the ones I knew. They have never heard of me. I find that very comforting.

I keep my account private. Thirty-one years of being professionally boring is a hard habit to break.
`,
  comments: [
    [
      'maren.holt',
      '"Most of the trouble came from people who could not bear to be boring." This is the best sentence I have read this week.',
    ],
    ['sam.rivera', 'The wheel turning after the wolves came back: I have seen the same thing after fires. Lovely piece.'],
    ['bea.reads', 'Singing Be Thou My Vision to grizzly bears for thirty years is the most wholesome thing on this site.'],
  ],
};
