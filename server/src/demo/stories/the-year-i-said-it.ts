import type { DemoStory } from '../story-types';

export const theYearISaidIt: DemoStory = {
  title: 'The Year I Said It Out Loud',
  text: `
I was sixty years old the first time I said the sentence out loud to another human being. I said it in a car, in a supermarket car park in Gothenburg, in the rain, to my sister, who was holding a bag of shopping on her lap. I said: *I am gay.* Three words. It had taken me sixty years to get them from the inside of my head to the inside of the car.

My sister looked at me for a long time. The rain was very loud on the roof. Then she said, *Peter, I know. I have known since you were fourteen. I was waiting for you.* And then she put the shopping on the floor and held me while I cried, in a Volvo, in the car park of a supermarket, like a child.

## Before

I was born in 1958 in a small town on the west coast of Sweden, a fishing town, Lutheran, where everyone knew everyone and everyone's business. My father was a fisherman and a deacon. My mother ran the house and the church flower committee. I was the second of three, the quiet one, good at school, good at the piano, not good at football, which in my town was a kind of diagnosis.

I knew at eleven or twelve. I did not have a word for it, or rather the only words I heard were the ones the boys used in the schoolyard, and they were not words anyone would want to be. So I put it away. I want to describe that precisely, because I think young people today cannot imagine it. I did not decide to hide. I simply took that part of myself, very early, and put it in a room, and closed the door, and lived in the rest of the house. For almost fifty years.

Sweden changed, of course, long before I did. It became one of the most open countries in the world. Laws changed; people married; there were parades in Stockholm with the Prime Minister. I watched it all on television, in my flat, alone, and I was glad for them, truly, the young ones, and it had nothing to do with me. The door was closed. I was an accountant, and then a senior accountant, and then the head of finance for a shipping company, and I was very good with numbers, which do not ask questions.

## The marriage

I married at twenty-eight. Her name was Karin. She was kind and clever and she laughed easily, and I loved her, and I want that to be clear: I loved her, for twenty-six years, in every way but one. We had two sons. We had a summer house on an island with a red boathouse and a flagpole. We had a good life, a real one, and I am not going to pretend it was a lie, because it was not. It was only incomplete. There was a room in the house that she never saw, and I never opened, and it was the room where I actually lived.

Karin died in 2013, of cancer, very quickly. I nursed her for four months. Near the end, one night, when the morphine made her drift, she held my hand and said, *You were always so far away, Peter. I hope one day you go where you are.* I told myself she was confused. She was not confused. She was never confused about anything.

## The year

It took me five more years after that. Grief, and then fear, and then the old habit of the closed door. But in 2018 I turned sixty, and my sons had a party for me at the summer house, and I stood on the jetty in the evening, with a glass of wine, looking at the water, and I thought: *If I do not open it now, I will die with it closed. I will die without ever having been in the room.*

So I told my sister in the car. Then, a week later, I told my sons, at my kitchen table, together. The older one, Erik, was silent for a minute and then said, *Pappa, I'm so sorry you had to wait so long.* The younger one, Jonas, who is a musician and has tattoos, burst into tears and hugged me and then said, *Does this mean you'll finally come to Pride with me?* I said I would think about it. I went. I wore a rainbow scarf that Jonas bought me and I stood on the pavement on Avenyn in Gothenburg and watched the parade go by, all those people, young and old, dancing, and I cried so much that a young woman dressed as a sort of glittery bird came over and gave me a tissue and a hug and said, *First time?* I said, *Yes.* She said, *Welcome home.*

## After

I would like to tell you that I then met the love of my life. I did not. I am sixty-seven and I have been on some dates, which were terrifying and occasionally very funny. I have a group of friends now, older men mostly, who meet on Thursdays for coffee and cake, and who each have a story like mine, some worse, some much worse, and we are rather a merry group for all that. I have joined a choir. I play the piano for a theatre group. I laugh more. I feel, for the first time in my life, that all of me is in the same room.

I keep this account private, because I am still a little afraid, and because the town where I grew up is small and has a long memory. But I wanted to write it down, for anyone who is sixty, or seventy, or thirty, sitting outside a closed door in their own house.

It is never too late to say it out loud. The sentence is short. It only has three words. And someone, maybe, has been waiting for you.
`,
  comments: [
    ['quietwren', '"All of me is in the same room." Peter, I read this three times. Welcome home.'],
    ['konbini.kenji', 'Your sister waiting since you were fourteen. I think I will call mine this weekend.'],
    ['saidit.outloud', 'Kenji, call her. Thursdays for coffee and cake are much better than I ever imagined. The glittery bird was right.'],
  ],
};
