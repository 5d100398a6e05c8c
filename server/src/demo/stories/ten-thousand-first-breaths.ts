import type { DemoStory } from '../story-types';

export const tenThousandFirstBreaths: DemoStory = {
  title: 'Ten Thousand First Breaths',
  text: `
I have been a midwife for thirty-one years, in Galway and then in Dublin, and by my own rough count I have been in the room for something over ten thousand births. I have caught babies in delivery suites and in bathrooms and once, memorably, in the back of a Fiat Punto in the car park of the Rotunda Hospital, with the father holding a torch from his phone and the mother swearing in three languages. It was a girl. They called her Punto for a joke, for a day, and then Róisín, which was better.

People ask me whether it gets ordinary. Ten thousand times. Surely, they say, after the first thousand or so, it's just a job. I understand why they ask. And I can tell you honestly that it has never once been ordinary. Not once. Every single time, there is the moment: the head, the shoulders, the long slippery rest of them, and then the pause. The pause is the thing. A second, two, three, when the baby is out in the world but not yet of it, gray-blue and startled, and the whole room holds its breath, and then the baby takes theirs. The first breath. And the cry. And the color comes into them from the middle out, like a sunrise, pink spreading to the fingers and toes, and the mother makes a sound that I have never heard a human being make in any other circumstance, and I have heard it ten thousand times, and it goes through me like a bell every time.

## How I came to it

I was the fourth of seven in a farmhouse outside Oughterard, in Connemara, and my mother had all of us at home, the last three with the help of a woman called Nurse Flaherty, who came on a bicycle in all weathers with a black bag and a great deal of snuff. I was nine when my youngest brother was born. I was sent to boil water, which I now know is what they tell the children to get them out of the way, and I stood outside the bedroom door with the kettle and heard everything. The hours of it. My mother's voice, which I had never heard like that. Nurse Flaherty's voice, low and steady, never once raised, saying the same things over and over: *You're grand. You're doing it. Nearly there now, a stór.* And then the cry.

Nurse Flaherty came out afterwards to wash her hands at the kitchen sink, and she saw me standing there with the kettle, gone cold by then, and she took a pinch of snuff and looked at me and said, *Well, Bridget, you didn't faint. That's the main qualification.* I decided that night. I never wanted to be anything else.

## What the job is

People think midwifery is about babies. It is about women. The baby is the easy part, most of the time; the baby knows what it's doing, it has been getting ready for nine months. It is the woman you are looking after. And a woman in labor is the most powerful and the most frightened she will ever be, usually both at once, and your job is to stand beside her and be the steady voice. Nurse Flaherty's voice. *You're grand. You're doing it.* I have said those words more times than I have said my own name.

You learn to read a room in a second. Who is frightened, who is angry, which husband is going to faint and should be given a chair now rather than later. You learn that the women who scream are often fine and the women who go very quiet need watching. You learn that everybody's mother has an opinion, and that the mother's opinion is sometimes right. You learn to hold a hand for eleven hours. You learn to eat a sandwich in ninety seconds standing up.

And you learn that not every story has the ending everybody wants. I will not write much about those. But I will say that I have been in the room for the births of babies who had already died, and for babies who lived an hour, and that the silence in those rooms is its own kind of sound, and that those mothers need the steady voice more than any others. I have held those babies and washed them and dressed them and put them into their mothers' arms, and I have said their names, because they have names, and because somebody must say them out loud in that room. I remember every one of those names. I say them to myself, sometimes, driving home.

## Galway to Dublin

I trained in Galway and worked there for twelve years, then moved to Dublin for love, which did not last, and for the Rotunda, which did. The Rotunda is the oldest maternity hospital in the world still working, founded in 1745, and you feel the weight of that when you walk the corridors at night. All those women, for all those centuries. All those first breaths.

Things changed, over thirty years, mostly for the better. When I started, fathers were tolerated, barely, and sent out for the difficult parts. Now they cut the cord and cry on camera. When I started, we had one word for pain relief and it was *offer*; now the women come in with birth plans typed and laminated, and I love them for it, even when the baby tears the plan up on the way out, as babies do. When I started, we had women from Galway and Mayo and the Dublin flats. Now I deliver babies for women from Lagos and Warsaw and São Paulo and Kabul and Manila, and I have learned to say *push* in eleven languages, and *you're grand* in about four.

## Now

I am fifty-seven. My knees are going. I work three days a week now, and I teach the students, and I tell them what Nurse Flaherty told me: the main qualification is that you don't faint. Everything else can be learned.

On my kitchen wall at home there is a board covered in cards and photographs from the families, thirty-one years of them, babies in knitted hats and christening gowns and school uniforms and, lately, graduation gowns, which is a very strange feeling. Last spring a young woman in a white coat stopped me in the corridor of the Rotunda and said, *You won't remember me, but you delivered me.* She was a doctor, a junior doctor, on her obstetrics rotation. Her name was Róisín.

I remembered her. The Fiat Punto. I put my hand on her arm and I could not say anything at all, and then I said, *You're grand. You're doing it.* And she laughed, and said that her mother had told her that was exactly what I would say.
`,
  comments: [
    ['ada.okafor', 'From the other door: I am so glad you are there at the beginning, Bridget. Róisín! I actually gasped.'],
    ['bridget.dunne', 'Ada, your Night Ward is the reason I finally wrote this. We are two halves of the same job.'],
    ['dal.for.one', 'My two children were delivered by midwives like you in Leicester. I never thanked them. I thank you instead.'],
    ['bea.reads', '"You didn\'t faint. That\'s the main qualification." Nurse Flaherty deserves her own story.'],
  ],
};
