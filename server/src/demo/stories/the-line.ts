import type { DemoStory } from '../story-types';

export const theLine: DemoStory = {
  title: 'The Line: Eleven Fire Seasons',
  text: `
In wildland firefighting, the line is everything. It's the strip of bare dirt you cut between the fire and everything it hasn't burned yet, with chainsaws and hand tools, a Pulaski and a McLeod and sweat, down to mineral soil, so there's nothing left to carry the flames across. It might be two feet wide or twenty. It might run for a hundred yards or fourteen miles. You dig it on your hands and knees in hundred-degree heat on a forty-degree slope with the fire close enough that you can hear it breathing. And then you hold it.

I've been digging line for eleven seasons. I'm thirty-six. I grew up in Fresno, in the Central Valley, the son of a man who picked grapes and a woman who packed them, and I started on a hotshot crew at twenty-five after a few years of things I'm not proud of. A friend of mine from high school was on a crew and he said they were hiring and they didn't care what you'd done, only whether you could hike. I could hike. I'd been running from things my whole life. Turned out I could run toward them too.

## What a season is

A fire season used to be June to October. Now it's most of the year. We go where they send us, a crew of twenty, in two buggies and a superintendent's truck, all over the West: California, Oregon, Idaho, Montana, Arizona, once to Alaska, where the fire was burning in the tundra under the snow, which I still don't fully believe. We're gone for fourteen days at a time, sometimes twenty-one, sleeping on the ground in fire camp or just on the line, in our gear, with the rocks in our backs. We work sixteen-hour shifts. We eat out of paper sacks. We smell, all of us, permanently, of smoke, and of each other.

You don't do this for the money. The money's not good. You do it for the crew. Twenty people who will walk into hell with you and carry you back out. I know every one of their snores. I know who cries on the phone to their kids at night and who never calls anyone. I know who's scared of snakes and who's scared of nothing, and I trust the first one more.

## The day on the ridge

I'm not going to name the fire. People in the town it burned might read this.

It was my fourth season. We were cutting line along a ridge above a canyon, afternoon, August, hot and dry and the wind doing nothing, which we liked. Then the wind came around. All at once, out of the southwest, the way it does. The fire down in the canyon stood up. That's what we call it when it goes from creeping in the brush to something else, when it climbs into the crowns of the trees and makes its own weather, a column of smoke going up thirty thousand feet with lightning in it. I had never seen a fire stand up before. I had only heard about it.

Our superintendent, a woman named Lupe who had nineteen seasons and a voice like a drill sergeant, watched it for about five seconds and then said, very calmly, on the radio, *All right. We're going to the black.* The black is the ground that's already burned, where there's nothing left to burn. It's the only safe place on a fire. We had scouted it that morning, like we always did, because you always know where your escape route is, that's the first rule, and we walked to it, not ran, in a line, with our tools, while the fire came up the canyon behind us with a sound like a freight train in a tunnel. Walked. Lupe's rule. Running is how you fall.

We made it. We sat in the black, twenty of us, in the ash, and watched the fire come over the ridge exactly where we'd been digging, and it went over our line like it wasn't there, and burned for three days, and took eleven houses in the valley on the other side. Nobody died. Not on our crew, not in the valley. That's what I think about, when I think about that day. Not how close it was. That Lupe had scouted the black that morning, and walked us to it, and nobody died.

## What fire teaches

I'll tell you some of what I've learned, though it's hard to put into words, and I'm a better digger than a writer.

Fire isn't evil. It's just fire. The forests out West have burned forever; they need to burn, some of them, to be healthy. What's changed is us: a hundred years of putting every fire out, so the fuel piled up, and towns built where the forests are, and now summers so hot and dry the fires do things the old-timers never saw. You can't be angry at it. You can only respect it.

The most important thing on the line isn't your tool or your fitness. It's your attention. The day you stop paying attention, stop watching the wind and the smoke and the escape route, is the day it gets you.

And you learn what matters. When you've seen a whole town evacuated, people driving out through the smoke with their kids and their dogs and whatever they could throw in the car in ten minutes, you see what people save. It's never the TV. It's photographs. It's the dog. It's grandma's quilt. It's each other.

## Off season

In the winter I go home to Fresno. I work at a hardware store and I coach a youth boxing program at a community center, because boxing is what kept me out of trouble, more or less, before fire did. My daughter lives with her mom but she stays with me on weekends. She's eight. She thinks I fight dragons. I don't tell her she's wrong.

Next season will be my twelfth. My knees say I have maybe five more. After that I'd like to go into prevention, teaching people how to make their homes and towns safer before the fire comes. Cutting line before there's a fire on the other side of it. Lupe says that's the smartest thing a firefighter can do, and the least thanked.

She'd know. She's retired now. She sends me a text every year on the first day of the season. Same text every time: *Know where the black is.*
`,
  comments: [
    [
      'bearcountry',
      'I was on the other side of a few of those lines as a ranger. Thank you for walking, not running. Thank you for all of it.',
    ],
    ['jaylen.runs', 'Run your race / know where the black is. coaches who text you the same thing every year are the best coaches'],
    ['ada.okafor', 'It is never the TV. It is always each other. Stay safe out there, Sam.'],
  ],
};
