import type { DemoStory } from '../story-types';

export const flourBeforeDawn: DemoStory = {
  title: 'Flour Before Dawn: A Baker from Kraków in Chicago',
  text: `
My grandmother said that bread is the only thing a person makes every day that is never the same twice. She said it in Polish, of course, in her kitchen in Nowa Huta, with her arms white to the elbow, and I was six years old and I thought she was talking about bread. It took me fifty years and two countries to understand that she was talking about everything.

My name is Tomasz. For thirty-four years I have owned a small bakery on Milwaukee Avenue in Chicago, between a tire shop and a place that has been, in order, a travel agency, a video rental, a cell phone store, a different cell phone store, and now a place that sells bubble tea. The bakery has been a bakery the whole time. I am very proud of this. In America, to stay the same thing for thirty-four years is almost a revolution.

My daughter Kasia says I should write down my life because the grandchildren do not speak Polish and one day they will want to know. So I am writing it in English, which is a language I learned from customers, from the radio, and from my wife, who corrects me even now, even here. If you find a mistake, it is hers.

## Nowa Huta

I was born in 1962 in Nowa Huta, which means *New Steelworks*. It was built by the communists to be the perfect socialist town: wide streets, big apartment blocks with courtyards, everything planned, and at the end of it all, the great steel mill breathing smoke into the sky over Kraków. My father worked at the mill for thirty years. He came home every evening gray to the eyebrows, and he washed at the kitchen sink for a long time, and then he sat down and ate a whole loaf of my grandmother's bread with lard and salt and an onion, and only then did he speak.

My grandmother had come from a village near Tarnów, and she had never accepted that bread could come from a shop. The shop bread in those years was not good. It was gray and sour in the wrong way and sometimes there was none at all, and people stood in long lines for it, with their string bags, talking about nothing because you did not talk about anything. My grandmother did not stand in lines. She baked. She had a starter in a stoneware crock that she said was older than the Republic, which was not difficult, but she meant the first one, from before the war. Every morning she fed it with flour and water, and every other day she baked, in the oven of the apartment block that was too small and too hot on one side.

I stood on a chair beside her. This is my first memory: the chair, the table with the oilcloth of yellow flowers, the smell of rye, her hands. She let me make the little loaves from the leftover dough, and she baked them with the big ones, and they always came out burnt on the bottom, and she always said they were the best.

## Solidarity, and a bakery

I want to be careful here, because people who did not live in Poland in those years think everyone was a hero, and people who did live there know better. I was not a hero. I was nineteen in 1981 when they declared martial law, and I was apprenticed at a state bakery on Aleja Róż, and my great act of resistance was that I sometimes gave the end loaves to the men from the mill who were on strike, instead of putting them in the pig bin as I was supposed to. That is all. But I learned two things in that bakery that have been the foundation of my life.

The first is that a baker is the first person awake in a city. You walk to work at two in the morning through empty streets, and you feel, a little, that the city belongs to you. Everyone else is asleep and you are making them breakfast. There is a power in that, and a kind of tenderness.

The second is that people will forgive a great deal, but not bad bread. The state bakery made bad bread, because it was not allowed to make good bread: the flour was wrong, the quotas were wrong, the ovens were wrong. The old master baker, Pan Zieliński, made good bread anyway, in secret, in small amounts, with flour he got I do not know where, and gave it to his friends, and everyone knew, and nobody said anything. He taught me the rye. He said, *Tomek, the machine can make the white. Only a man can make the rye.* I did not understand this. I understand it now. Rye has no strength of its own, no gluten to hold it up. You must hold it up for it, with time and sourness and patience. It is a bread for people who have been through something.

## The crossing

In 1989 everything changed in Poland, and everything changed for me. The Wall came down, the shops filled up, and I found I had no idea what I wanted. I was twenty-seven. I had a trade and an apartment I shared with my parents and a girlfriend, Ewa, who wanted to marry and then wanted to go to America, in that order, and was very clear with me that the second was not negotiable.

Her cousin was in Chicago. Everybody's cousin was in Chicago. We married in June in the church of the Lord's Ark, which the people of Nowa Huta built with their own hands because the communists would not give them a church, and in October we flew from Warsaw to New York to Chicago with two suitcases, a box of kitchen things, and, wrapped in a wet cloth inside a plastic bag inside a tin inside my coat, a piece of my grandmother's starter.

I do not know if this was legal. I did not ask. The man at customs at O'Hare asked if I had any food, and I said *no*, and I felt the tin against my chest like a second heart. My grandmother had died two years before. The starter was what was left.

## The first years

The cousin's apartment was on Augusta Boulevard, above a bar. We slept on a mattress in the front room, and every night the bar closed at two, and every night at two I got up to go to work, so the drunks going home and I crossed on the stairs. I had found a job at a big commercial bakery on the South Side, where I worked a machine that put sesame seeds on hamburger buns. Ten thousand buns a night. I am not exaggerating. I counted, once, to stay awake.

Ewa cleaned houses in the northern suburbs, big houses with white carpets and many bathrooms, for women who were kind to her or were not. She learned English faster than me, because she had to talk to them, and I talked only to the machine. In the evenings she taught me. She made me read the *Sun-Times* aloud. I learned the words for baseball before I learned the words for most vegetables.

We saved everything. We did not go out. We did not buy a car. Every week Ewa wrote the numbers in a small notebook, like a prayer, and the numbers grew, slowly, the way a starter grows when the kitchen is cold. And the whole time, I kept the starter alive: in a jar in the cousin's refrigerator, fed twice a week with flour I bought at a Polish shop on Milwaukee Avenue, taken out on Sundays to make two loaves in an oven that was, like my grandmother's, too hot on one side.

I gave those loaves away. To the cousin, to the neighbors, to the bartender downstairs, who was from Mayo and called me *the Polack with the bread* and meant it kindly, and who said one Sunday, with his mouth full, *You know, you could sell this.*

## Milwaukee Avenue

In 1991 the Polish shop where I bought my flour told me that the bakery next door was closing. The old man who owned it, Mr. Nowicki, had come from Podhale after the war and was going to live with his son in Arizona. His ovens were forty years old. His mixer was older than me. The rent was more than we had. We signed anyway.

I remember the first morning. I came at midnight, alone, and turned on the lights, and stood in the middle of that small room with the tiled floor and the big black deck oven, and I was so frightened I could not move. I thought: I am a man who puts seeds on buns. Who am I to open a bakery in America? And then I thought of my grandmother on her chair and Pan Zieliński in his secret corner, and I took the starter out of its jar, and I fed it, and I began.

That first day I made rye, white, poppy seed rolls, and *pączki*, because it was a Saturday. I sold out by nine in the morning. Not because I was good. Because there were forty thousand Poles within a mile of Milwaukee and Division and half of them had been waiting, without knowing it, for bread that tasted like home.

This is the schedule I kept, more or less, for thirty years. Ewa says I should not show it because people will think I am crazy. Ewa is right, and I am showing it anyway.

| Time | What | How many (a Saturday) |
|---|---|---|
| 00:30 | Feed the starter, mix the rye | 60 loaves |
| 01:30 | Mix the white and the rolls | 40 loaves, 300 rolls |
| 03:00 | *Pączki*, fried in batches | 400 |
| 04:00 | Rye into the oven, with steam | 60 |
| 05:30 | Rolls, poppy seed cake, cheesecake | 300 rolls, 8 cakes |
| 06:00 | Open the door | the whole street |
| 13:00 | Clean, order flour, sleep if possible | never enough |

## The rye, for the grandchildren

Kasia says the grandchildren should have the recipe, and I say the recipe is not the bread, the bread is the years. But she is my daughter and she wins all arguments, so here it is, the way my grandmother made it and Pan Zieliński corrected it and I have made it perhaps fifty thousand times.

1. The night before, take a big spoon of the starter and mix it with 200 grams of dark rye flour and 200 grams of warm water. Cover it. Go to bed.
2. In the morning it should smell sour and a little like apples, and be full of holes. If it smells like nail polish, it is hungry; feed it and wait.
3. Add 500 grams more of rye flour, 100 grams of strong white flour, 350 grams of warm water, 15 grams of salt, and a spoon of caraway if you like it. I like it. Your grandmother does not.
4. Mix with your hand, not a spoon. It will be sticky like wet clay. Do not add flour. Do not panic. Rye is always like this.
5. Wet your hands, shape it, put it in a tin or a basket with flour, and let it rise until it cracks on top. Two hours, three, four. The bread will tell you. Listen to it.
6. Bake very hot at first, with a pan of water in the oven for steam, then turn it down. One hour, at least. It should sound hollow when you knock on the bottom, like a door.
7. This is the hardest part: wait a whole day before you cut it. Rye must rest. So must bakers. Neither one of us is very good at it.

## Ewa

I have written Ewa's name many times and I have not said who she is. She is the reason there is a bakery. I make the bread; Ewa made everything else. She ran the front of the shop for thirty years, the cash register and the customers and the books and the bank and the health inspector, in four languages, Polish and English and Spanish and the language of the old ladies from the neighborhood, which is a language of its own, made of complaints and blessings in equal parts. She knew every customer's name and every customer's troubles. People came in for bread and stayed for Ewa.

We had two children, Kasia and Piotr, who grew up in the back room of the bakery doing their homework on flour sacks. Piotr is a doctor now, in Minneapolis, and he says the smell of rye still makes him want to do algebra. Kasia is a teacher. Neither of them wanted the bakery, and I was sad about this for a long time, and then I was not, because I understood that I did not want the steel mill either, and my father forgave me, and so I forgave them. That is how it goes, each generation. You give your children the starter, and they make different bread.

## What changed, what did not

The neighborhood changed around us, the way Chicago neighborhoods change, like a tide. The Poles moved out to the suburbs, to Niles and Harwood Heights and Park Ridge, and the young people with beards and tattoos and very small dogs moved in. I was afraid they would not want rye. I was wrong. They wanted it more than anyone. They asked me questions about fermentation that I could not answer in English or in Polish. They took photographs of the bread before they ate it. One of them wrote about us in a magazine, and for a month there was a line out the door like the lines in Nowa Huta, except everyone was smiling and nobody had a string bag.

In 2020, during the pandemic, we nearly closed. We sold bread through a window in the door, for months, to people in masks, and Ewa wrote the numbers in her notebook every night like in the early years, and the numbers were not good. And then the neighborhood, old and new, Polish and not, simply decided that we would not close. People bought bread they did not need and gave it to the food pantry. Someone started a fund on the internet. The bubble tea girls next door sent over their customers. I did not know how to say thank you in a way that was big enough, so I said it the only way I know: I got up at midnight and I made the bread.

## Sixty-three

I am sixty-three years old. My back is not good and my knees are worse, and last year I hired a young man from Guatemala, Esteban, who is a better baker than I was at his age and maybe better than I am now. He comes at midnight. He feeds the starter. Soon, Ewa says, he will buy the bakery, slowly, the way we bought it from Mr. Nowicki, and we will go and sit in the sun somewhere and I will become unbearable.

The starter is still alive. It is the same one, from my grandmother's crock in Nowa Huta, through the tin inside my coat at O'Hare, through the cousin's refrigerator and thirty-four years of midnights on Milwaukee Avenue. I have given pieces of it to hundreds of people. It lives now in kitchens in Chicago and Milwaukee and Texas and once, I am told, on a boat in Alaska. Somewhere in every one of those jars there is a little bit of an old woman from near Tarnów who did not believe in bread from a shop.

She was right, my grandmother. It is never the same twice. Not the bread, not the city, not the person who makes it. You feed it, you wait, you listen. You put it in the oven and you hope. And every morning, before it is light, you get up and do it again.
`,
  comments: [
    [
      'nonna.lucia',
      'Finally a man who understands that the starter is family. Mine came from Calabria in 1961 in a jam jar. Bravo, Tomasz.',
    ],
    ['tomasz.bakes', 'Signora Lucia, then our starters are cousins. Everybody has a cousin in Chicago, even the bread.'],
    ['bea.reads', 'I went to Milwaukee Avenue on Saturday because of this story. The rye is everything you said. Esteban says hello.'],
    [
      'meilin.chen',
      "The bit about the neighborhood deciding you would not close: that happened to my parents' restaurant too. Communities remember who fed them.",
    ],
    ['gus.miles', 'I have driven past that bakery a hundred times on the way to the Kennedy. Next time I am stopping.'],
    [
      'eleanor.abernathy',
      'A recipe written by a man who clearly loves his family and trusts nobody with a spoon. I made it. It was heavy as a brick and I ate half of it in one sitting.',
    ],
    ['ruth.ellingson', 'Some of my rye probably ended up in your flour over the years. Nice to know where it went.'],
    [
      'tomasz.bakes',
      'Ruth! Then you are the beginning of my bread and I am the end of your harvest. Come to Chicago, the first loaf is free.',
    ],
  ],
};
