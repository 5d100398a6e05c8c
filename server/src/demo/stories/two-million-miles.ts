import type { DemoStory } from '../story-types';

export const twoMillionMiles: DemoStory = {
  title: "Two Million Miles: A Trucker's Road",
  text: `
Last March, somewhere on Interstate 80 west of Laramie, in a crosswind that was trying its best to put my trailer in Nebraska, the odometer on my life rolled over two million miles. Not the truck's odometer; I've had six trucks. Mine. I keep a logbook, have done since the first day, in 1986, and I add it up every New Year's Eve with a calculator and a beer. Two million miles. That's to the moon and back four times, near enough. I've never been to the moon. I've been to every one of the lower forty-eight, most of them more times than I can count, and I've seen the sun come up over all of them through a bug-spattered windshield.

I'm sixty-one. I grew up in Fargo, North Dakota, the son of a grain elevator man, and I drove my first truck at fifteen, illegally, hauling sugar beets to the plant in Hillsboro for a farmer who paid cash and asked no questions. I've been driving ever since. My ex-wife, God bless her, used to say I was married to the road and she was just the girlfriend. She wasn't wrong. We're good friends now. Better friends than we were married, which happens more than people admit.

## What I've hauled

People always want to know what's in the trailer. The honest answer is: everything you've ever bought. Every single thing in your house came to you on a truck, at some point, driven by somebody like me at three in the morning, drinking bad coffee and listening to a preacher on AM radio because it was the only station for two hundred miles. Here's a partial list, from the logbook, of things I've hauled:

- Frozen chickens, about nine thousand loads of them, it feels like
- Sugar beets, potatoes, onions, and one very long summer of watermelons from Georgia
- Steel coils from Gary, Indiana, which weigh more than your house and will kill you if they shift
- Christmas trees from Oregon to Texas, every December for eleven years; the cab smelled like a forest until March
- Sandbags to Fargo in the spring of '97, for the flood, for free, along with about two hundred other drivers
- A disassembled carousel from a fair in Ohio, horses and all, every horse wrapped in a moving blanket like a baby
- Pharmaceuticals, under seal, with a guard in the cab who didn't say one word from Memphis to Denver
- Two hundred cases of toilet paper in April of 2020, when people were fighting in the stores; I got applauded at a truck stop in Missouri, the only time in my life

## The road at night

I drive nights when I can. Less traffic, cooler engine, and the country is different in the dark. You see the shape of it better. The towns are just little constellations of lights down in the valleys, and the big cities glow on the horizon a hundred miles before you get to them, orange on the underside of the clouds, like a fire that isn't burning anything. In the desert out past Barstow the stars come all the way down to the ground. In Montana in January the northern lights some nights, green curtains, moving, and you pull over at a rest area and turn the engine off and just sit there in the cold with your mouth open like a kid.

You talk to people. That's the other thing nobody expects. Truckers are supposed to be loners, and some of us are, but the road is full of people if you pay attention. The waitress at the Little America in Wyoming who's been pouring my coffee since 1994. The guy at the scale house in Nevada who always asks about my dog. The other drivers, on the CB back in the day and on our phones now, a whole nation of us, talking all night long about weather and traffic and bears and baseball and our kids and our divorces and our bad backs. I've had some of the best conversations of my life with men whose faces I never saw.

## The dog

Her name is Dottie. She's a fourteen-year-old beagle mix with one ear that stands up and one that doesn't, and she has ridden every mile with me since 2011, which puts her at about seven hundred thousand. She sits in the passenger seat on a folded moving blanket and looks out the window at America like she's grading it. She likes Colorado. She doesn't think much of Ohio. She has a rest stop in Utah where there are prairie dogs, and when we come within twenty miles of it she starts whining, and I swear she knows by the smell of the air.

She's slowing down. So am I. We both sleep more than we used to.

## Getting off the road

My doctor says my back has about two more years in it. My daughter, who's a nurse in Minneapolis, says less. The company's been talking about self-driving trucks for a decade and I'll believe it when I see one parallel park at a loading dock in the Bronx. Either way, I'm looking at the exit ramp.

I don't know what I'll do. Everybody says fishing. I don't fish. I've thought about buying an RV and driving around the country, which my daughter says is the saddest thing she's ever heard, a trucker retiring to go driving. She's probably right. But I'd like to see it slow, once. In daylight. I'd like to stop at all the places I've passed at sixty-five miles an hour, two million miles of places, and get out, and look around, and maybe have a cup of coffee that I didn't buy at a fuel island.

Dottie would like the prairie dogs.
`,
  comments: [
    [
      'ollie.pike',
      'Every single thing in your house came to you on a truck. And then the last bit came with me, in a red van. Good luck with the slow drive, Gus.',
    ],
    [
      'ruth.ellingson',
      'Gus, you hauled sandbags to Fargo in 97. I said it on my page and I will say it here: I owe you a coffee. Come by on the slow drive.',
    ],
    ['gus.miles', 'Ruth, I will hold you to it. Dottie too. She drinks hers black.'],
    ['jaylen.runs', 'the carousel horses wrapped up like babies 😭'],
    [
      'sofia.mendes',
      'I drive the 28 tram in Lisbon, only eleven kilometres a day, but it is the same: you see the city from a seat nobody else sits in. Enjoy the slow drive, Gus. Give Dottie a biscuit from me.',
    ],
  ],
};
