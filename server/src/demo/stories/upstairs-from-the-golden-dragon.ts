import type { DemoStory } from '../story-types';

export const upstairsFromTheGoldenDragon: DemoStory = {
  title: 'Upstairs from the Golden Dragon',
  text: `
For the first eighteen years of my life I lived above a Chinese restaurant in a small town in Ohio called Marietta, on the river, and I could tell you what time it was, to within about ten minutes, by the smell coming up through the floorboards. Garlic and ginger at ten in the morning, when my father started the prep. Rice at eleven. The fryer at eleven-thirty, which meant egg rolls, which meant the lunch crowd was coming. Sweet and sour sauce, bubbling in the big pot, at five. Bleach at eleven at night, when my mother mopped. My whole childhood has a smell map. I could find my way through it blindfolded.

The restaurant was called the Golden Dragon. Every small town in America has one, or a Golden Palace or a Lucky Star or a Jade Garden, and almost all of them are run by a family like mine, and almost all of those families have a kid like me, doing homework in the back booth, next to the fish tank. This is a story about being that kid. It is also, my therapist says, a story about forgiveness, but she is paid to say things like that.

## How they got there

My parents came from a village in Fujian province, in the south of China, in 1983. My father came first, alone, through a chain of cousins and debts I have never fully understood, and worked in restaurant kitchens in New York's Chinatown for four years, washing dishes, then frying, then cooking, sleeping in a room with six other men in bunk beds, sending every dollar home. My mother came in 1987 with my older brother, who was three. I was born in 1984 — no, wait, that is wrong, my mother would kill me. I was born in 1988 in Columbus, Ohio, the first American in the family, which is a responsibility that was explained to me very early and very often.

They bought the Golden Dragon in 1990 from another Fujianese family who were moving to a bigger restaurant in Pittsburgh. It had twelve tables, a red carpet that had been red a long time ago, a fish tank with two sad goldfish, and a laminated menu with a hundred and eleven items on it, most of which no one in China has ever eaten. General Tso's chicken. Crab rangoon. Chop suey. My father cooked all hundred and eleven. He worked seven days a week for twenty-six years. He closed the restaurant four times in that whole period: for my brother's wedding, for my grandmother's funeral in Fujian, for the great flood of 2004 when the Ohio River came up Front Street into the dining room, and for one day in 2006 when he had a minor heart attack and my mother made him.

## The back booth

I grew up in the back booth. That was my office, my classroom, my bedroom on the nights I fell asleep doing homework and my father carried me upstairs. I did my spelling words there, and my science fair projects, and later my AP calculus, with the fish tank bubbling next to me and the television over the bar tuned to the Weather Channel, always the Weather Channel, because my father worried about the river.

I worked, of course. All the restaurant kids work. From the age of about seven I folded napkins and filled soy sauce bottles and wrote the take-out orders in my careful English, because my mother's English was good but her spelling was a disaster, and once a customer got a bag labeled *Genral So Chiken* and thought it was hilarious and took a photo, and my mother was humiliated for a week. After that I took the phone. I could take an order for a family of six, repeat it back, give them a total including tax, and tell them twenty minutes, all before I was ten.

Customers thought I was cute. Then they thought I was a curiosity. *Your English is so good!* they said, with real surprise, for eighteen years, to a girl who was born in Columbus and had never been to China. I learned to smile and say thank you. I learned, in fact, a great deal about smiling. My parents smiled at everyone. At the regulars who were kind and the regulars who were not. At the teenagers who ran out without paying. At the man who came in once a month, drunk, and made the same joke about cats, and tipped a quarter. My father smiled and said, *Thank you, come again,* and I burned with shame, for him and at him, and I did not understand, for a very long time, that his smile was not weakness. It was a wall he had built, brick by brick, to keep us safe behind.

## Leaving

I got out. That was the plan, the whole plan, from the beginning; my parents did not work seven days a week for twenty-six years so that I would fold napkins. I got a scholarship to study architecture at Cornell, and I left Marietta at eighteen with two suitcases and a rice cooker that my mother insisted I take and that I did not use once in four years, and I felt, on the bus to Ithaca, like a bird let out of a cage.

I was angry at them for a long time. I will be honest about that. I was angry about the back booth, and the smiling, and the fact that they had never once come to a school play or a parent-teacher conference, because those happened at dinner time, and at dinner time the restaurant was open. I was angry that my father never said he was proud of me; he said *good* when I got an A and *why* when I got an A minus. I was angry that my mother had wanted me to be a doctor. I was angry, mostly, that they had never seemed to want anything for themselves, only for us, and that this put a weight on me so heavy I could feel it in my shoulders in the drafting studio at two in the morning.

I did not go home much. Christmas, for two days. The restaurant was open on Christmas, of course. It was one of the busiest days of the year.

## What I built

I became an architect. I live in Chicago now; I design libraries and community centers, mostly, public buildings, places where people can sit for as long as they want without buying anything. I did not think about why that might be until my therapist asked me. I said, *Because I like public space.* She waited. I said, *Because I grew up in a place where you had to buy something to be allowed to sit.* She waited some more. I said, *Because my parents never had anywhere to sit.* And then I cried for the rest of the session and paid her a hundred and eighty dollars for the privilege.

## The last night

My parents sold the Golden Dragon in 2016, to a young couple from Fuzhou with a four-year-old son, and they retired to a condo in Columbus near my brother. The last night, I drove down from Chicago. I had not planned to. My brother called and said, *You should be there.*

It was a Saturday. The restaurant was full. The regulars had found out, somehow, and they came, all of them, the kind ones and the ones who were not. The man with the cat joke came, sober, and shook my father's hand and said, *Best egg rolls in the state of Ohio, Mr. Chen,* and left a twenty-dollar tip. A woman I did not recognize told me that my mother had given her free soup every day for a month when her husband was in the hospital in 1998, and never charged her, and never mentioned it. A man who had been in high school with my brother said that my father had let him work in the kitchen, under the table, the summer his family lost their house, and fed him every night, and that he was a chef now himself, in Cincinnati, because of it.

I had never known any of this. I had been sitting in the back booth for eighteen years, doing my homework, while my parents fed the whole town, quietly, behind their smiles.

At eleven, after the last customer had gone, my father cooked one more meal, for the family. Not from the menu. Real food, Fujianese food, the kind he cooked for us upstairs on Mondays: fish ball soup, red rice wine chicken, oyster omelet, greens with garlic. We ate it at the big round table in the middle of the dining room, my parents and my brother and his wife and their kids and me and the young couple from Fuzhou and their four-year-old son, who fell asleep in the back booth, next to the fish tank, halfway through his homework. He was drawing a dragon.

My father looked at him for a long time. Then he looked at me and said, in Fuzhounese, very quietly, the thing he had never said: that he had been proud of me every day, in the back booth, and that he was sorry it had been the back booth. That he had wanted to give me a room. That he had built what he could.

I said, *Ba, I build rooms now. For everybody.* And he said, *Good.* Not *why*. *Good.*

At midnight my mother mopped the floor one last time. I stood in the kitchen doorway and smelled the bleach, and knew exactly what time it was.
`,
  comments: [
    [
      'tomasz.bakes',
      'The free soup, the boy in the kitchen. Restaurants and bakeries are the same: we feed more people than anyone ever knows. Your father is a great man.',
    ],
    ['kavya.codes', "The back booth. I had a back table in my dad's office in Pune. I felt this in my bones."],
    ['meilin.chen', 'Thank you, both. I showed my father the comments. He pretended not to care and then read them all twice.'],
    ['yusuf.terzi', 'His smile was a wall he built to keep you safe. My father smiled at every customer too. I understand it now.'],
    ['bea.reads', 'Not *why*. *Good.* I cried on the train.'],
  ],
};
